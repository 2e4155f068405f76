/**
 * The diner's reads of the tenant structure: what `/menu/{alias}` resolves to,
 * branches, branch contacts with their active order modes, menu customization,
 * countries and image urls. Each function finds its entry row by alias or id,
 * then scopes every further query by that row's company. The storefront's
 * reads (entity, order modes, discounts, customization) are answered from the
 * content cache (content-cache.ts): a hit sends no query.
 */
import { loyaltyIsActive } from '@comanda/domain/loyalty';
import { surveyNpsAvg, surveyNpsFigures } from '@comanda/domain/survey-nps';
import type { Queryable } from '../db/client';
import { notFound } from '../lib/http-error';
import { type CardTokenization, cardTokenizationResolver } from '../payments/card-tokenization';
import type { PaymentsConfig } from '../payments/config';
import { menuDiscountPresent, plateIdsByKey } from '../presenters/menu-presenter';
import { publicUrlOf } from '../presenters/present-utils';
import {
  branchContactPresent,
  branchContactSummaryPresent,
  branchPresent,
  companyPresent,
  countryPresent,
  orderModesPresent,
} from '../presenters/tenant-presenter';
import { loyaltyProgramOfBranch } from '../repositories/loyalty-repository';
import { imageUrlFind, menuDiscountsOfBranch, plateKeysOfBranch } from '../repositories/menu-repository';
import { orderModesOfBranchContacts, paymentTypesOfOrderModes } from '../repositories/order-mode-repository';
import { surveyRatingDistributions } from '../repositories/survey-figures-repository';
import {
  aliasFind,
  aliasNormalize,
  type BranchContactRow,
  type BranchRow,
  branchContactFind,
  branchContactsOfBranch,
  branchesPage,
  branchFind,
  companyWithCountryFind,
  companyWithCountryFindByAlias,
  countryFind,
} from '../repositories/tenant-repository';
import type {
  BranchContactSummaryView,
  BranchContactView,
  BranchView,
  CompanyView,
  CountryView,
  DinerEntityView,
  FileType,
  MenuCustomizationView,
  MenuDiscountView,
  OrderModeView,
} from '../schemas/diner';
import { contentCached } from './content-cache';

/** What the services need from the configuration. */
export interface DinerContext {
  db: Queryable;
  /** Public address of this server; relative image urls are made absolute under it. */
  publicUrl: string;
  /** Which provider pays each payment type, so its card tokenization can be told (ADR 010). */
  config: { payments: PaymentsConfig };
}

/** Notes limit of ordering §9 when the branch sets none. */
export const DEFAULT_NOTES_LIMIT = 250;

async function companyAndCountry(
  db: Queryable,
  companyId: number,
): Promise<{ company: CompanyView; country: CountryView }> {
  const found = await companyWithCountryFind(db, companyId);
  // The foreign keys make this unreachable; a 404 is still better than a crash on a half-deleted tenant.
  if (!found) throw notFound('No existe la empresa');
  return { company: companyPresent(found.company), country: countryPresent(found.country) };
}

/**
 * Active order modes with payment types, grouped by branch contact. Each
 * CARD_ONLINE type carries how the browser tokenizes a card: the provider the
 * registry picks to pay it, for the contact's company and branch.
 */
async function orderModesByContact(
  ctx: Pick<DinerContext, 'db' | 'config'>,
  companyId: number,
  contacts: readonly { id: number; branchId: number }[],
): Promise<Map<number, OrderModeView[]>> {
  const { db } = ctx;
  const modes = await orderModesOfBranchContacts(
    db,
    companyId,
    contacts.map((contact) => contact.id),
  );
  const paymentTypes = await paymentTypesOfOrderModes(
    db,
    companyId,
    modes.map((mode) => mode.id),
  );
  const branchOfContact = new Map(contacts.map((contact) => [contact.id, contact.branchId]));
  const branchOfMode = new Map(modes.map((mode) => [mode.id, branchOfContact.get(mode.branchContactId)]));
  const tokenizationOf = cardTokenizationResolver(ctx);
  const tokenizations = new Map<number, CardTokenization>();
  for (const type of paymentTypes) {
    const branchId = branchOfMode.get(type.orderModeId);
    if (branchId === undefined) continue;
    tokenizations.set(type.id, await tokenizationOf({ companyId, branchId }, type));
  }
  const byContact = new Map<number, OrderModeView[]>();
  for (const view of orderModesPresent(modes, paymentTypes, tokenizations)) {
    const list = byContact.get(view.branchContactId) ?? [];
    list.push(view);
    byContact.set(view.branchContactId, list);
  }
  return byContact;
}

/**
 * `deliveryConfig.npsAvg` per location (ordering §3, §9; ADR 031): from the
 * same rating figures as the console's NPS, once the threshold is reached.
 */
async function surveyNpsAverages(db: Queryable, companyId: number, ids: number[]) {
  const averages = new Map<number, number>();
  for (const [id, distribution] of await surveyRatingDistributions(db, companyId, ids)) {
    const npsAvg = surveyNpsAvg(surveyNpsFigures(distribution));
    if (npsAvg !== null) averages.set(id, npsAvg);
  }
  return averages;
}

async function branchContactSummaries(
  ctx: DinerContext,
  branch: BranchRow,
  contacts: BranchContactRow[],
  countryTimezone: string,
): Promise<BranchContactSummaryView[]> {
  const ids = contacts.map((contact) => contact.id);
  const [modes, ratings] = await Promise.all([
    orderModesByContact(ctx, branch.companyId, contacts),
    surveyNpsAverages(ctx.db, branch.companyId, ids),
  ]);
  return contacts.map((contact) =>
    branchContactSummaryPresent(contact, {
      countryTimezone,
      orderModes: modes.get(contact.id) ?? [],
      npsAvg: ratings.get(contact.id) ?? null,
    }),
  );
}

async function branchContactView(
  ctx: DinerContext,
  contact: BranchContactRow,
): Promise<{ company: CompanyView; country: CountryView; branchContact: BranchContactView }> {
  const { db } = ctx;
  const branch = await branchFind(db, contact.branchId);
  if (!branch || branch.companyId !== contact.companyId) throw notFound('No existe la marca de este local');
  const [{ company, country }, modes, ratings, loyalty] = await Promise.all([
    companyAndCountry(db, contact.companyId),
    orderModesByContact(ctx, contact.companyId, [contact]),
    surveyNpsAverages(db, contact.companyId, [contact.id]),
    loyaltyProgramOfBranch(db, contact.companyId, branch.id),
  ]);
  const branchContact = branchContactPresent(contact, {
    branch: branchPresent(branch, ctx.publicUrl),
    country,
    orderModes: modes.get(contact.id) ?? [],
    npsAvg: ratings.get(contact.id) ?? null,
    loyaltyProgramName:
      loyalty &&
      loyaltyIsActive(
        {
          active: loyalty.program.active,
          name: loyalty.program.name,
          branchContactIds: loyalty.branchContactIds.map(String),
        },
        String(contact.id),
      )
        ? loyalty.program.name
        : null,
  });
  return { company, country, branchContact };
}

/**
 * `GET /api/diner/{alias}`: the company (with its branches), the branch (with
 * its locations and their active order modes) or the branch contact (with its
 * branch, country and active order modes) the alias names.
 */
export async function dinerEntityResolve(ctx: DinerContext, alias: string): Promise<DinerEntityView> {
  return contentCached(
    ctx.db,
    `entity:${aliasNormalize(alias)}`,
    async () => (await aliasFind(ctx.db, alias))?.companyId,
    () => dinerEntityLoad(ctx, alias),
  );
}

async function dinerEntityLoad(ctx: DinerContext, alias: string): Promise<DinerEntityView> {
  const { db } = ctx;
  const found = await aliasFind(db, alias);
  if (!found) throw notFound(`No existe el alias '${alias}'`);

  if (found.type === 'COMPANY') {
    const [{ company, country }, page] = await Promise.all([
      companyAndCountry(db, found.companyId),
      branchesPage(db, found.companyId, { offset: 0, limit: 1000 }),
    ]);
    return {
      type: 'COMPANY',
      company,
      country,
      branches: page.rows.map((row) => branchPresent(row, ctx.publicUrl)),
    };
  }

  if (found.type === 'BRANCH') {
    const branch = await branchFind(db, found.entityId);
    if (!branch || branch.companyId !== found.companyId) throw notFound(`No existe el alias '${alias}'`);
    const [{ company, country }, contacts] = await Promise.all([
      companyAndCountry(db, branch.companyId),
      branchContactsOfBranch(db, branch.companyId, branch.id),
    ]);
    return {
      type: 'BRANCH',
      company,
      country,
      branch: branchPresent(branch, ctx.publicUrl),
      branchContacts: await branchContactSummaries(ctx, branch, contacts, country.timezone),
    };
  }

  const contact = await branchContactFind(db, found.entityId);
  if (!contact || contact.companyId !== found.companyId) throw notFound(`No existe el alias '${alias}'`);
  return { type: 'BRANCH_CONTACT', ...(await branchContactView(ctx, contact)) };
}

/** `GET /api/diner/branchcontacts/{id}`: the spec's branch contact entity. */
export async function branchContactGet(
  ctx: DinerContext,
  branchContactId: number,
): Promise<BranchContactView> {
  return contentCached(
    ctx.db,
    `branch-contact:${branchContactId}`,
    async () => (await branchContactFind(ctx.db, branchContactId))?.companyId,
    async () => {
      const contact = await branchContactFind(ctx.db, branchContactId);
      if (!contact) throw notFound(`No existe el local ${branchContactId}`);
      return (await branchContactView(ctx, contact)).branchContact;
    },
  );
}

/** The company of a branch, or undefined when there is no such branch (the content cache's entry lookup). */
async function companyOfBranch(db: Queryable, branchId: number): Promise<number | undefined> {
  return (await branchFind(db, branchId))?.companyId;
}

/** `GET /api/diner/companies/{companyId}`. */
export async function companyGet(db: Queryable, companyId: number): Promise<CompanyView> {
  const found = await companyWithCountryFind(db, companyId);
  if (!found) throw notFound(`No existe la empresa ${companyId}`);
  return companyPresent(found.company);
}

/** `GET /api/diner/companies/{alias}/branches`: one page of a company's branches. */
export async function companyBranchesPage(
  ctx: Pick<DinerContext, 'db' | 'publicUrl'>,
  companyAlias: string,
  page: { offset: number; pageSize: number },
): Promise<{ branches: BranchView[]; total: number; offset: number; pageSize: number }> {
  const found = await companyWithCountryFindByAlias(ctx.db, companyAlias);
  if (!found) throw notFound(`No existe la empresa '${companyAlias}'`);
  const { rows, total } = await branchesPage(ctx.db, found.company.id, {
    offset: page.offset,
    limit: page.pageSize,
  });
  return {
    branches: rows.map((row) => branchPresent(row, ctx.publicUrl)),
    total,
    offset: page.offset,
    pageSize: page.pageSize,
  };
}

/** A branch diners can see, or 404 naming it. */
export async function branchOrNotFound(db: Queryable, branchId: number): Promise<BranchRow> {
  const branch = await branchFind(db, branchId);
  if (!branch) throw notFound(`No existe la marca ${branchId}`);
  return branch;
}

/** `GET /api/diner/branchordermodes/{branchId}`: active order modes of every location of a branch. */
export async function branchOrderModes(
  ctx: Pick<DinerContext, 'db' | 'config'>,
  branchId: number,
): Promise<OrderModeView[]> {
  return contentCached(
    ctx.db,
    `branch-order-modes:${branchId}`,
    () => companyOfBranch(ctx.db, branchId),
    async () => {
      const branch = await branchOrNotFound(ctx.db, branchId);
      const contacts = await branchContactsOfBranch(ctx.db, branch.companyId, branch.id);
      const byContact = await orderModesByContact(ctx, branch.companyId, contacts);
      return contacts.flatMap((contact) => byContact.get(contact.id) ?? []);
    },
  );
}

/** `GET /api/diner/{branchId}/discounts`: the branch's menu discounts, with the ids of their plates in every menu. */
export async function branchDiscounts(db: Queryable, branchId: number): Promise<MenuDiscountView[]> {
  return contentCached(
    db,
    `branch-discounts:${branchId}`,
    () => companyOfBranch(db, branchId),
    () => branchDiscountsLoad(db, branchId),
  );
}

async function branchDiscountsLoad(db: Queryable, branchId: number): Promise<MenuDiscountView[]> {
  const branch = await branchOrNotFound(db, branchId);
  const [{ country }, discounts, plateKeys] = await Promise.all([
    companyAndCountry(db, branch.companyId),
    menuDiscountsOfBranch(db, branch.companyId, branch.id),
    plateKeysOfBranch(db, branch.companyId, branch.id),
  ]);
  const idsByKey = plateIdsByKey(plateKeys);
  return discounts
    .map((discount) => menuDiscountPresent(discount, idsByKey, country.mantissaLength))
    .filter((discount): discount is MenuDiscountView => discount !== null);
}

/** `GET /api/menucustomization/{branchId}`, with the spec's defaults (notes limited to 250). */
export async function menuCustomizationGet(db: Queryable, branchId: number): Promise<MenuCustomizationView> {
  return contentCached(
    db,
    `menu-customization:${branchId}`,
    () => companyOfBranch(db, branchId),
    () => menuCustomizationLoad(db, branchId),
  );
}

async function menuCustomizationLoad(db: Queryable, branchId: number): Promise<MenuCustomizationView> {
  const branch = await branchOrNotFound(db, branchId);
  const custom = branch.menuCustomization;
  const banner = custom.promotionalBanner;
  return {
    branchId: branch.id,
    resource: custom.resource ?? null,
    displayType: custom.displayType ?? null,
    theme: custom.theme ?? null,
    commands: custom.commands ?? null,
    promotionalBanner: banner?.text
      ? { text: banner.text, orderModeType: banner.orderModeType || 'ALL' }
      : null,
    documentLabel: custom.documentLabel || null,
    orderNotesLimit: custom.orderNotesLimit ?? DEFAULT_NOTES_LIMIT,
    hasOrderNotesLimit: custom.hasOrderNotesLimit ?? true,
    itemNotesLimit: custom.itemNotesLimit ?? DEFAULT_NOTES_LIMIT,
    hasItemNotesLimit: custom.hasItemNotesLimit ?? true,
  };
}

/** `GET /api/country/{code}`. */
export async function countryGet(db: Queryable, code: string): Promise<CountryView> {
  const row = await countryFind(db, code.toUpperCase());
  if (!row) throw notFound(`No existe el país '${code}'`);
  return countryPresent(row);
}

const fileTypeNames: Record<FileType, string> = {
  LOGO: 'el logo de la marca',
  BANNER_LOGO: 'el logo de portada de la marca',
  PLATE: 'la imagen del plato',
  CATEGORY: 'la imagen de la categoría',
};

/**
 * `GET /api/diner/file/{id}/url?type=…`: the absolute url of an image — a
 * branch's logo or banner logo, a plate's or a category's picture. 404 when the
 * entity does not exist or has no image (the storefront shows a placeholder).
 */
export async function fileUrlGet(
  ctx: Pick<DinerContext, 'db' | 'publicUrl'>,
  id: number,
  type: FileType,
): Promise<{ url: string }> {
  let stored: string | null | undefined;
  if (type === 'LOGO' || type === 'BANNER_LOGO') {
    const branch = await branchFind(ctx.db, id);
    stored = branch && (type === 'LOGO' ? branch.customLogoUrl : branch.customBannerLogoUrl);
  } else {
    stored = await imageUrlFind(ctx.db, type, id);
  }
  const url = publicUrlOf(stored, ctx.publicUrl);
  if (!url) throw notFound(`No existe ${fileTypeNames[type]} ${id}`);
  return { url };
}
