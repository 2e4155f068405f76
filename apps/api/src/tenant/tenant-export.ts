import { moneyMinor, moneyToMajor } from '@comanda/domain/money';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import {
  aliases,
  branchContacts,
  branches,
  categories,
  codeDiscounts,
  companies,
  countries,
  customers,
  deliveryZones,
  garnishGroups,
  garnishItems,
  generalDiscounts,
  generalSurcharges,
  loyaltyProgramBranchContacts,
  loyaltyPrograms,
  loyaltyRewards,
  menuDiscounts,
  menus,
  orderModes,
  partners,
  paymentTypes,
  plateGarnishGroups,
  plateSizes,
  plates,
  riders,
  staffUserBranchContacts,
  staffUsers,
  surveyQuestions,
  surveys,
} from '../db/schema';
import { SECRET_DISABLED } from '../lib/secret-hash';
import type {
  TenantBranch,
  TenantBranchContact,
  TenantCodeDiscount,
  TenantFile,
  TenantGarnishGroup,
  TenantLoyaltyProgram,
  TenantMenu,
  TenantMenuDiscount,
  TenantOrderMode,
  TenantPlate,
  TenantSurvey,
  TenantValueDiscount,
} from './tenant-format';
import { RETIRED } from './tenant-import';

function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

/** Adds `key: value` only when the value carries information, keeping the export as terse as a hand-written file. */
function optional<K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } {
  return (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

const whenTrue = <K extends string>(key: K, value: boolean) => optional(key, value ? true : undefined);
const whenAny = <K extends string, V>(key: K, list: V[]) => optional(key, list.length > 0 ? list : undefined);

export interface TenantExportOptions {
  /**
   * False leaves out `staff` and `customers` (a company's customers can be
   * thousands): what an edit of one part of the venue reads (tenant-edit.ts).
   */
  people?: boolean;
}

/**
 * The tenant of `companyAlias` in the `tenant/v1` format, or null when no
 * company has that alias. Secrets are left out (`password`, `securityCode`,
 * `jwtSecret`); importing the export keeps the stored ones, so export → import
 * changes nothing. Entities that an import removed but had to keep for history
 * (locations and brands whose alias was released, rows marked RETIRED, menus
 * and garnish groups only history still uses, disabled riders and staff) are
 * not part of the tenant any more and are left out. Optional fields are written only when they say something (a
 * `false` flag or an empty list is omitted), so the export reads like the
 * hand-written example; the database cannot tell a default that a file spelt
 * out (`"withCustomLogo": false`) from one it left implicit, so such a
 * field may come back omitted — same meaning, and the round trip is exact.
 */
export async function tenantExport(
  db: Queryable,
  companyAlias: string,
  options: TenantExportOptions = {},
): Promise<TenantFile | null> {
  const [company] = await db.select().from(companies).where(eq(companies.alias, companyAlias));
  if (!company) return null;
  const [country] = await db.select().from(countries).where(eq(countries.code, company.countryCode));
  if (!country) throw new Error(`Country ${company.countryCode} of company ${companyAlias} is missing`);
  const mantissa = country.mantissaLength;
  const major = (minor: number) => moneyToMajor(moneyMinor(minor), mantissa);
  const majorOrNull = (minor: number | null) => (minor === null ? null : major(minor));
  const companyId = company.id;
  // Rows an import kept only for history (see RETIRED) are not part of the tenant any more.
  const isLive = (row: { position: number }) => row.position !== RETIRED;

  const live = new Set(
    (await db.select().from(aliases).where(eq(aliases.companyId, companyId))).map(
      (row) => `${row.type}:${row.entityId}`,
    ),
  );
  const branchRows = (
    await db.select().from(branches).where(eq(branches.companyId, companyId)).orderBy(asc(branches.position))
  ).filter((row) => live.has(`BRANCH:${row.id}`));
  const contactRows = (
    await db
      .select()
      .from(branchContacts)
      .where(eq(branchContacts.companyId, companyId))
      .orderBy(asc(branchContacts.position), asc(branchContacts.id))
  ).filter((row) => live.has(`BRANCH_CONTACT:${row.id}`));
  const contactAlias = new Map(contactRows.map((row) => [row.id, row.alias]));
  // Aliases listed by programmes and staff come out in the order of the file's locations.
  const branchPosition = new Map(branchRows.map((row) => [row.id, row.position]));
  const contactOrder = new Map(
    [...contactRows]
      .sort(
        (a, b) =>
          (branchPosition.get(a.branchId) ?? 0) - (branchPosition.get(b.branchId) ?? 0) ||
          a.position - b.position,
      )
      .map((row, index) => [row.id, index]),
  );
  const aliasesOf = (ids: number[]) =>
    ids
      .filter((id) => contactAlias.has(id))
      .sort((a, b) => (contactOrder.get(a) ?? 0) - (contactOrder.get(b) ?? 0))
      .map((id) => contactAlias.get(id)!);

  const menuRows = await db.select().from(menus).where(eq(menus.companyId, companyId)).orderBy(asc(menus.id));
  const allCategoryRows = await db
    .select()
    .from(categories)
    .where(eq(categories.companyId, companyId))
    .orderBy(asc(categories.position), asc(categories.id));
  const plateRows = await db
    .select()
    .from(plates)
    .where(eq(plates.companyId, companyId))
    .orderBy(asc(plates.position), asc(plates.id));
  const sizeRows = await db
    .select()
    .from(plateSizes)
    .where(eq(plateSizes.companyId, companyId))
    .orderBy(asc(plateSizes.position), asc(plateSizes.id));
  const groupRows = await db
    .select()
    .from(garnishGroups)
    .where(eq(garnishGroups.companyId, companyId))
    .orderBy(asc(garnishGroups.id));
  const allItemRows = await db
    .select()
    .from(garnishItems)
    .where(eq(garnishItems.companyId, companyId))
    .orderBy(asc(garnishItems.position), asc(garnishItems.id));
  const categoryRows = allCategoryRows.filter(isLive);
  const itemRows = allItemRows.filter(isLive);
  const plateIds = plateRows.map((row) => row.id);
  const linkRows =
    plateIds.length === 0
      ? []
      : await db
          .select()
          .from(plateGarnishGroups)
          .where(inArray(plateGarnishGroups.plateId, plateIds))
          .orderBy(asc(plateGarnishGroups.position));
  const groupKey = new Map(groupRows.map((row) => [row.id, row.key]));
  const activePlateIds = new Set(plateRows.filter((row) => row.active).map((row) => row.id));

  const sizesByPlate = groupBy(sizeRows, (row) => row.plateId);
  const linksByPlate = groupBy(linkRows, (row) => row.plateId);
  const platesByCategory = groupBy(
    plateRows.filter((row) => row.active),
    (row) => row.categoryId,
  );
  const categoriesByMenu = groupBy(categoryRows, (row) => row.menuId);
  const menusByBranch = groupBy(menuRows, (row) => row.branchId);
  const groupsByBranch = groupBy(groupRows, (row) => row.branchId);
  const itemsByGroup = groupBy(itemRows, (row) => row.garnishGroupId);
  const menuKey = new Map(menuRows.map((row) => [row.id, row.key]));

  const platePresent = (row: typeof plates.$inferSelect): TenantPlate => {
    const sizes = sizesByPlate.get(row.id) ?? [];
    return {
      key: row.key,
      showName: row.showName,
      ...optional('description', row.description),
      ...(row.price === null
        ? { sizes: sizes.map((size) => ({ key: size.key, name: size.name, price: major(size.price) })) }
        : { price: major(row.price) }),
      ...whenAny(
        'garnishGroups',
        (linksByPlate.get(row.id) ?? []).map((link) => groupKey.get(link.garnishGroupId)!),
      ),
      ...whenAny('indicators', row.indicators),
      ...optional('maxQuantity', row.maxQuantity),
      ...optional('imageUrl', row.imageUrl),
    };
  };

  const menuPresent = (row: typeof menus.$inferSelect): TenantMenu => {
    const menuPlates = plateRows.filter((plate) => plate.menuId === row.id && plate.active);
    const ordered = (order: (plate: typeof plates.$inferSelect) => number | null) =>
      menuPlates
        .filter((plate) => order(plate) !== null)
        .sort((a, b) => (order(a) ?? 0) - (order(b) ?? 0))
        .map((plate) => plate.key);
    return {
      key: row.key,
      name: row.name,
      categories: (categoriesByMenu.get(row.id) ?? []).map((category) => ({
        key: category.key,
        name: category.name,
        showName: category.showName,
        ...optional('description', category.description),
        ...optional('imageUrl', category.imageUrl),
        plates: (platesByCategory.get(category.id) ?? []).map(platePresent),
      })),
      remarkeds: ordered((plate) => plate.remarkedOrder),
      upselleds: ordered((plate) => plate.upselledOrder),
    };
  };

  const groupPresent = (row: typeof garnishGroups.$inferSelect): TenantGarnishGroup => ({
    key: row.key,
    groupName: row.groupName,
    mandatory: row.mandatory,
    multipleSelection: row.multipleSelection,
    minGarnishAmount: row.minGarnishAmount,
    maxGarnishAmount: row.maxGarnishAmount,
    groupItems: (itemsByGroup.get(row.id) ?? []).map((item) => ({
      key: item.key,
      name: item.name,
      ...optional('description', item.description),
      price: major(item.price),
      ...(item.visible ? {} : { visible: false }),
    })),
  });

  const amountOrPercent = (type: 'PERCENT' | 'FIXED', value: number) =>
    type === 'FIXED' ? major(value) : value;
  const valueDiscountPresent = (row: typeof generalDiscounts.$inferSelect): TenantValueDiscount => ({
    name: row.name,
    type: row.type,
    value: amountOrPercent(row.type, row.value),
    ...optional('priority', row.priority),
  });

  const menuDiscountRows = await db
    .select()
    .from(menuDiscounts)
    .where(eq(menuDiscounts.companyId, companyId))
    .orderBy(asc(menuDiscounts.position), asc(menuDiscounts.id));
  const menuDiscountPresent = (row: typeof menuDiscounts.$inferSelect): TenantMenuDiscount => ({
    type: row.type,
    ...optional('percentage', row.percentage),
    ...optional('fixedDiscount', majorOrNull(row.fixedDiscount)),
    ...optional('buy', row.buy),
    ...optional('pay', row.pay),
    ...optional('finalPrice', majorOrNull(row.finalPrice)),
    plates: row.plateKeys,
    ...whenAny('validDays', row.validDays as NonNullable<TenantMenuDiscount['validDays']>),
  });

  const codeRows = await db
    .select()
    .from(codeDiscounts)
    .where(eq(codeDiscounts.companyId, companyId))
    .orderBy(asc(codeDiscounts.id));
  const codePresent = (row: typeof codeDiscounts.$inferSelect): TenantCodeDiscount => ({
    code: row.code,
    type: row.type,
    value: row.type === 'FIXED' ? major(row.value) : row.value,
    active: row.active,
    ...optional('minimumOrderAmount', majorOrNull(row.minimumOrderAmount)),
    ...whenTrue('firstTimeOnly', row.firstTimeOnly),
    ...optional('maximumDiscountAmount', majorOrNull(row.maximumDiscountAmount)),
    ...whenTrue('freeDelivery', row.freeDelivery),
    ...optional('plate', row.plateKey),
    ...optional('category', row.categoryKey),
    ...whenTrue('limitedUsage', row.limitedUsage),
    ...optional('usageLimit', row.usageLimit),
  });

  const programRows = await db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.companyId, companyId));
  const programLinks =
    programRows.length === 0
      ? []
      : await db
          .select()
          .from(loyaltyProgramBranchContacts)
          .where(
            inArray(
              loyaltyProgramBranchContacts.loyaltyProgramId,
              programRows.map((row) => row.id),
            ),
          );
  const programLinksById = groupBy(programLinks, (row) => row.loyaltyProgramId);
  const rewardRows = await db
    .select()
    .from(loyaltyRewards)
    .where(eq(loyaltyRewards.companyId, companyId))
    .orderBy(asc(loyaltyRewards.id));
  const surveyRows = await db.select().from(surveys).where(eq(surveys.companyId, companyId));
  const questionRows = await db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.companyId, companyId))
    .orderBy(asc(surveyQuestions.questionOrder), asc(surveyQuestions.id));

  const surveyPresent = (row: typeof surveys.$inferSelect): TenantSurvey => {
    const questions = questionRows.filter((question) => question.surveyId === row.id);
    return {
      active: row.active,
      questions: questions
        .filter((question) => question.parentQuestionId === null)
        .map((question) => ({
          key: question.key,
          title: question.title,
          ...optional('subTitle', question.subTitle),
          type: question.type,
          questionOrder: question.questionOrder,
          mandatory: question.mandatory,
          priority: question.priority,
          ...whenAny('options', question.options),
          ...whenAny(
            'questionReasons',
            questions
              .filter((reason) => reason.parentQuestionId === question.id)
              .map((reason) => ({
                key: reason.key,
                title: reason.title,
                ...optional('subTitle', reason.subTitle),
                type: reason.type,
                ...whenAny('options', reason.options),
              })),
          ),
        })),
    };
  };

  const zoneRows = await db
    .select()
    .from(deliveryZones)
    .where(eq(deliveryZones.companyId, companyId))
    .orderBy(asc(deliveryZones.position), asc(deliveryZones.id));
  const allModeRows = await db
    .select()
    .from(orderModes)
    .where(eq(orderModes.companyId, companyId))
    .orderBy(asc(orderModes.position), asc(orderModes.id));
  const typeRows = (
    await db
      .select()
      .from(paymentTypes)
      .where(eq(paymentTypes.companyId, companyId))
      .orderBy(asc(paymentTypes.position), asc(paymentTypes.id))
  ).filter(isLive);
  const discountRows = await db
    .select()
    .from(generalDiscounts)
    .where(eq(generalDiscounts.companyId, companyId))
    .orderBy(asc(generalDiscounts.position), asc(generalDiscounts.id));
  const surchargeRows = await db
    .select()
    .from(generalSurcharges)
    .where(eq(generalSurcharges.companyId, companyId))
    .orderBy(asc(generalSurcharges.position), asc(generalSurcharges.id));
  const riderRows = await db
    .select()
    .from(riders)
    .where(eq(riders.companyId, companyId))
    .orderBy(asc(riders.id));
  const modeRows = allModeRows.filter(isLive);
  const typesByMode = groupBy(typeRows, (row) => row.orderModeId);

  // A menu or garnish group that left the file may stay behind for what still
  // points at it (a retired order mode, an ordered plate or item): it is retired
  // when nothing live uses it and something retired does.
  const menuIdsOf = (rows: { menuId: number; position: number }[], live: boolean) =>
    rows.filter((row) => isLive(row) === live).map((row) => row.menuId);
  const liveMenus = new Set([...menuIdsOf(allCategoryRows, true), ...menuIdsOf(allModeRows, true)]);
  const retiredMenus = new Set([...menuIdsOf(allCategoryRows, false), ...menuIdsOf(allModeRows, false)]);
  const menuExported = (row: typeof menus.$inferSelect) => liveMenus.has(row.id) || !retiredMenus.has(row.id);
  const liveGroups = new Set([
    ...itemRows.map((row) => row.garnishGroupId),
    ...linkRows.filter((link) => activePlateIds.has(link.plateId)).map((link) => link.garnishGroupId),
  ]);
  const retiredGroups = new Set(allItemRows.filter((row) => !isLive(row)).map((row) => row.garnishGroupId));
  const groupExported = (row: typeof garnishGroups.$inferSelect) =>
    liveGroups.has(row.id) || !retiredGroups.has(row.id);
  const discountsByMode = groupBy(
    discountRows.filter((row) => row.orderModeId !== null),
    (row) => row.orderModeId,
  );
  const discountsByPartner = groupBy(
    discountRows.filter((row) => row.partnerId !== null),
    (row) => row.partnerId,
  );
  const surchargesByMode = groupBy(surchargeRows, (row) => row.orderModeId);

  const modePresent = (row: typeof orderModes.$inferSelect): TenantOrderMode => ({
    key: row.key,
    type: row.type,
    showName: row.showName,
    menu: menuKey.get(row.menuId)!,
    active: row.active,
    orderEnabled: row.orderEnabled,
    useSchedule: row.useSchedule,
    minDelayInMinutes: row.minDelayInMinutes,
    maxDelayInMinutes: row.maxDelayInMinutes,
    schedules: row.schedules as TenantOrderMode['schedules'],
    // Written only when there are some, so a file without them round-trips unchanged.
    ...(row.specialDays.length > 0 ? { specialDays: row.specialDays } : {}),
    paymentTypes: (typesByMode.get(row.id) ?? []).map((type) => ({
      key: type.key,
      showName: type.showName,
      ...optional('description', type.description),
      paymentMethod: type.paymentMethod as TenantOrderMode['paymentTypes'][number]['paymentMethod'],
      active: type.active,
      upload: type.upload,
      onlinePayment: { providerName: type.providerName },
    })),
    fees: { userFee: major(row.userFee), percentageUserFee: row.percentageUserFee },
    generalDiscounts: (discountsByMode.get(row.id) ?? []).map(valueDiscountPresent),
    generalSurcharges: (surchargesByMode.get(row.id) ?? []).map((surcharge) => ({
      name: surcharge.name,
      type: surcharge.type,
      value: amountOrPercent(surcharge.type, surcharge.value),
    })),
  });

  const contactPresent = (row: typeof branchContacts.$inferSelect): TenantBranchContact => ({
    alias: row.alias,
    name: row.name,
    ...optional('callPhone', row.callPhone),
    ...optional('whatsAppPhone', row.whatsAppPhone),
    address: row.address,
    coordinates: { lat: row.lat ?? 0, lng: row.lng ?? 0 },
    ...optional('timezone', row.timezone),
    mandatoryEmail: row.mandatoryEmail,
    ordersConsoleActive: row.ordersConsoleActive,
    ...whenTrue('forceCustomerName', row.forceCustomerName),
    ...whenTrue('forceCustomerPhone', row.forceCustomerPhone),
    commercialTermsInfo: { blocked: row.blocked },
    manualClosing: row.manualClosing,
    deliveryConfig: {
      betweenStreetsRequired: row.betweenStreetsRequired,
      ownLogistics: row.ownLogistics,
      deliveryZones: zoneRows
        .filter((zone) => zone.branchContactId === row.id)
        .map((zone) => ({
          name: zone.name,
          ...optional('radiusMeters', zone.radiusMeters),
          ...optional('polygon', zone.polygon),
          fee: major(zone.fee),
          cashFee: major(zone.cashFee),
          minimumOrderPrice: major(zone.minimumOrderPrice),
          ...optional('freeDeliveryFrom', majorOrNull(zone.freeDeliveryFrom)),
        })),
    },
    orderModes: modeRows.filter((mode) => mode.branchContactId === row.id).map(modePresent),
    riders: riderRows
      .filter((rider) => rider.branchContactId === row.id && rider.securityCodeHash !== SECRET_DISABLED)
      .map((rider) => ({ name: rider.name, phone: rider.phone, active: rider.active })),
  });

  // A running programme is written out in full; an idle one only with what differs from the defaults.
  const loyaltyPresent = (
    program: typeof loyaltyPrograms.$inferSelect,
    contactAliases: string[],
  ): TenantLoyaltyProgram =>
    program.active
      ? {
          active: true,
          name: program.name,
          orderPercentage: program.orderPercentage,
          minRedeemedPoints: program.minRedeemedPoints,
          ...optional('maxRedeemedPoints', program.maxRedeemedPoints),
          ...optional('maxRedeemedPercentage', program.maxRedeemedPercentage),
          supportsDiscounts: program.supportsDiscounts,
          ...optional('cashback', program.cashback > 0 ? program.cashback : null),
          branchContacts: contactAliases,
          ...optional('welcomeText', program.welcomeText),
        }
      : {
          active: false,
          name: program.name,
          ...optional('orderPercentage', program.orderPercentage === 0 ? null : program.orderPercentage),
          ...optional(
            'minRedeemedPoints',
            program.minRedeemedPoints === 0 ? null : program.minRedeemedPoints,
          ),
          ...optional('maxRedeemedPoints', program.maxRedeemedPoints),
          ...optional('maxRedeemedPercentage', program.maxRedeemedPercentage),
          ...(program.supportsDiscounts ? {} : { supportsDiscounts: false }),
          ...optional('cashback', program.cashback > 0 ? program.cashback : null),
          ...whenAny('branchContacts', contactAliases),
          ...optional('welcomeText', program.welcomeText),
        };

  const branchPresent = (row: typeof branches.$inferSelect): TenantBranch => {
    const program = programRows.find((candidate) => candidate.branchId === row.id);
    const survey = surveyRows.find((candidate) => candidate.branchId === row.id);
    const rewards = rewardRows.filter((reward) => reward.branchId === row.id);
    return {
      alias: row.alias,
      name: row.name,
      social: row.social,
      ...optional('customMessage', row.customMessage),
      ...whenTrue('withCustomLogo', row.withCustomLogo),
      ...optional('customLogoURL', row.customLogoUrl),
      ...optional('customBannerLogoURL', row.customBannerLogoUrl),
      askForLocation: row.askForLocation,
      ...optional('fbPixelId', row.fbPixelId),
      ...optional('googleTagManagerId', row.googleTagManagerId),
      ...optional('googleAnalyticsId', row.googleAnalyticsId),
      ...(row.supportChat ? { supportChat: { ...row.supportChat } } : {}),
      generalConfig: row.generalConfig as TenantBranch['generalConfig'],
      menuCustomization: row.menuCustomization as TenantBranch['menuCustomization'],
      menus: (menusByBranch.get(row.id) ?? []).filter(menuExported).map(menuPresent),
      garnishGroups: (groupsByBranch.get(row.id) ?? []).filter(groupExported).map(groupPresent),
      discounts: menuDiscountRows.filter((discount) => discount.branchId === row.id).map(menuDiscountPresent),
      codeDiscounts: codeRows.filter((discount) => discount.branchId === row.id).map(codePresent),
      ...(program
        ? {
            loyaltyProgram: loyaltyPresent(
              program,
              aliasesOf((programLinksById.get(program.id) ?? []).map((link) => link.branchContactId)),
            ),
          }
        : {}),
      ...whenAny(
        'loyaltyRewards',
        rewards.map((reward) => ({
          key: reward.key,
          active: reward.active,
          reward: reward.reward,
          ...optional(
            'branchContact',
            reward.branchContactId === null ? null : contactAlias.get(reward.branchContactId),
          ),
        })),
      ),
      ...(survey ? { survey: surveyPresent(survey) } : {}),
      branchContacts: contactRows.filter((contact) => contact.branchId === row.id).map(contactPresent),
    };
  };

  const people = options.people ?? true;
  const staffRows = people
    ? (
        await db
          .select()
          .from(staffUsers)
          .where(eq(staffUsers.companyId, companyId))
          .orderBy(asc(staffUsers.id))
      ).filter((row) => row.passwordHash !== SECRET_DISABLED)
    : [];
  const staffLinks =
    staffRows.length === 0
      ? []
      : await db
          .select()
          .from(staffUserBranchContacts)
          .where(
            inArray(
              staffUserBranchContacts.staffUserId,
              staffRows.map((row) => row.id),
            ),
          );
  const staffLinksById = groupBy(staffLinks, (row) => row.staffUserId);
  const customerRows = people
    ? await db.select().from(customers).where(eq(customers.companyId, companyId)).orderBy(asc(customers.id))
    : [];
  const partnerRows = await db
    .select()
    .from(partners)
    .where(eq(partners.companyId, companyId))
    .orderBy(asc(partners.id));

  return {
    format: 'tenant/v1',
    country: {
      code: country.code,
      name: country.name,
      currency: { code: country.currencyCode, symbol: country.currencySymbol },
      phonePrefix: country.phonePrefix,
      mantissaLength: country.mantissaLength,
      timezone: country.timezone,
    },
    company: { name: company.name, alias: company.alias },
    ...(people
      ? {
          staff: staffRows.map((row) => ({
            name: row.name,
            email: row.email,
            role: row.role,
            ...whenAny(
              'branchContacts',
              aliasesOf((staffLinksById.get(row.id) ?? []).map((link) => link.branchContactId)),
            ),
          })),
          customers: customerRows.map((row) => ({
            ...optional('name', row.name),
            phone: row.phone,
            ...optional('email', row.email),
            optIn: row.optIn,
            loyaltyPointsBalance: row.loyaltyPointsBalance,
          })),
        }
      : {}),
    partners: partnerRows.map((row) => ({
      name: row.name,
      generalDiscounts: (discountsByPartner.get(row.id) ?? []).map(valueDiscountPresent),
    })),
    branches: branchRows.map(branchPresent),
  };
}
