/**
 * The company and its brands (branches) in a tenant import: the shared country,
 * the company row, each brand with its garnishes, menus and discounts, and a brand
 * that left the file.
 */
import { supportChatOrigin } from '@comanda/domain/support-chat';
import { eq } from 'drizzle-orm';
import {
  branchContacts,
  branches,
  codeDiscounts,
  companies,
  countries,
  garnishGroups,
  garnishItems,
  loyaltyPrograms,
  loyaltyRewards,
  menuDiscounts,
  menus,
  orders,
  surveys,
} from '../db/schema';
import type { TenantBranch } from './tenant-format';
import { type ImportContext, json, RETIRED, rowSame } from './tenant-import-context';
import { removeCodeDiscounts, saveCodeDiscounts, saveMenuDiscounts } from './tenant-import-discounts';
import { removeLoyaltyRewards, removeSurvey } from './tenant-import-loyalty';
import { removeAbsentMenus, removeGarnishGroup, saveGarnishGroups, saveMenus } from './tenant-import-menus';

export async function saveCountry(ctx: ImportContext): Promise<void> {
  const { country } = ctx.file;
  const [before] = await ctx.tx.select().from(countries).where(eq(countries.code, country.code));
  const values = {
    code: country.code,
    name: country.name,
    currencyCode: country.currency.code,
    currencySymbol: country.currency.symbol,
    phonePrefix: country.phonePrefix,
    mantissaLength: country.mantissaLength,
    timezone: country.timezone,
  };
  if (!before) {
    await ctx.tx.insert(countries).values(values);
    ctx.count('countries', 'created');
  } else if (rowSame(before, values)) {
    ctx.count('countries', 'unchanged');
  } else {
    await ctx.tx.update(countries).set(values).where(eq(countries.code, country.code));
    ctx.count('countries', 'updated');
  }
}

export async function saveCompany(ctx: ImportContext): Promise<void> {
  const { company, country } = ctx.file;
  const [before] = await ctx.tx.select().from(companies).where(eq(companies.alias, company.alias));
  const id = await ctx.saveCounted('companies', companies, before, {
    alias: company.alias,
    name: company.name,
    countryCode: country.code,
  });
  ctx.companyId = id;
  await ctx.aliasSet(company.alias, 'COMPANY', id);
}

export async function saveBranch(
  ctx: ImportContext,
  branch: TenantBranch,
  position: number,
  before: typeof branches.$inferSelect | undefined,
): Promise<void> {
  const { id, outcome } = await ctx.save(branches, before, {
    companyId: ctx.companyId,
    alias: branch.alias,
    name: branch.name,
    position,
    social: json(branch.social ?? {}),
    customMessage: branch.customMessage ?? null,
    withCustomLogo: branch.withCustomLogo ?? false,
    customLogoUrl: branch.customLogoURL ?? null,
    withCustomBannerLogo: branch.customBannerLogoURL !== undefined,
    customBannerLogoUrl: branch.customBannerLogoURL ?? null,
    askForLocation: branch.askForLocation ?? false,
    generalConfig: json(branch.generalConfig ?? {}),
    menuCustomization: json(branch.menuCustomization ?? {}),
    fbPixelId: branch.fbPixelId ?? null,
    googleTagManagerId: branch.googleTagManagerId ?? null,
    googleAnalyticsId: branch.googleAnalyticsId ?? null,
    // Stored as an origin without its slash: the content security policy allows exactly it (ADR 040).
    supportChat: branch.supportChat
      ? { ...branch.supportChat, baseUrl: supportChatOrigin(branch.supportChat.baseUrl) }
      : null,
  });
  const aliasChanged = await ctx.aliasSet(branch.alias, 'BRANCH', id);
  ctx.count('branches', outcome === 'unchanged' && aliasChanged ? 'updated' : outcome);
  ctx.branchIds.set(branch.alias, id);

  const groupIds = await saveGarnishGroups(ctx, branch, id);
  await saveMenus(ctx, branch, id, groupIds);
  await saveMenuDiscounts(ctx, branch, id);
  await saveCodeDiscounts(ctx, branch, id);
}

/** A brand that left the file: its locations, menus and settings go (or are deactivated) first. */
export async function removeBranch(ctx: ImportContext, row: typeof branches.$inferSelect): Promise<void> {
  await removeAbsentMenus(ctx, row.id, undefined);
  const groups = await ctx.tx.select().from(garnishGroups).where(eq(garnishGroups.branchId, row.id));
  for (const group of groups) {
    await removeGarnishGroup(
      ctx,
      group,
      await ctx.tx.select().from(garnishItems).where(eq(garnishItems.garnishGroupId, group.id)),
    );
  }
  await ctx.deleteRows(
    'menuDiscounts',
    menuDiscounts,
    await ctx.tx.select().from(menuDiscounts).where(eq(menuDiscounts.branchId, row.id)),
  );
  await removeCodeDiscounts(
    ctx,
    await ctx.tx.select().from(codeDiscounts).where(eq(codeDiscounts.branchId, row.id)),
  );
  const programs = await ctx.tx.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.branchId, row.id));
  await ctx.deleteRows('loyaltyPrograms', loyaltyPrograms, programs);
  await removeLoyaltyRewards(
    ctx,
    await ctx.tx.select().from(loyaltyRewards).where(eq(loyaltyRewards.branchId, row.id)),
  );
  const [survey] = await ctx.tx.select().from(surveys).where(eq(surveys.branchId, row.id));
  if (survey) await removeSurvey(ctx, survey);

  const aliasRemoved = await ctx.aliasRemove(row.alias, 'BRANCH', row.id);
  const kept =
    (await ctx.referenced(branchContacts.branchId, [row.id])).size > 0 ||
    (await ctx.referenced(orders.branchId, [row.id])).size > 0 ||
    (await ctx.referenced(menus.branchId, [row.id])).size > 0 ||
    (await ctx.referenced(surveys.branchId, [row.id])).size > 0;
  if (!kept) {
    await ctx.deleteRows('branches', branches, [row]);
    return;
  }
  if (row.position !== RETIRED) {
    await ctx.tx
      .update(branches)
      .set({ position: RETIRED, updatedAt: new Date() })
      .where(eq(branches.id, row.id));
  }
  if (aliasRemoved || row.position !== RETIRED) ctx.count('branches', 'removed');
}
