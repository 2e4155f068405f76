/** Discounts in a tenant import: a brand's menu discounts and codes, and general (value) discounts. */
import { eq } from 'drizzle-orm';
import {
  codeDiscountRedemptions,
  codeDiscounts,
  generalDiscounts,
  menuDiscounts,
  orders,
} from '../db/schema';
import type { TenantBranch, TenantValueDiscount } from './tenant-format';
import type { ImportContext } from './tenant-import-context';

export async function saveMenuDiscounts(
  ctx: ImportContext,
  branch: TenantBranch,
  branchId: number,
): Promise<void> {
  const existing = await ctx.tx
    .select()
    .from(menuDiscounts)
    .where(eq(menuDiscounts.branchId, branchId))
    .orderBy(menuDiscounts.position, menuDiscounts.id);
  const wanted = branch.discounts ?? [];
  for (const [position, discount] of wanted.entries()) {
    await ctx.saveCounted('menuDiscounts', menuDiscounts, existing[position], {
      companyId: ctx.companyId,
      branchId,
      position,
      type: discount.type,
      percentage: discount.type === 'PERCENT' ? (discount.percentage ?? null) : null,
      fixedDiscount: discount.type === 'FIXED' ? ctx.minorOrNull(discount.fixedDiscount) : null,
      buy: discount.type === 'MULTIPLE' ? (discount.buy ?? null) : null,
      pay: discount.type === 'MULTIPLE' ? (discount.pay ?? null) : null,
      finalPrice: discount.type === 'FINAL_PRICE' ? ctx.minorOrNull(discount.finalPrice) : null,
      plateKeys: discount.plates,
      validDays: discount.validDays ?? [],
    });
  }
  await ctx.deleteRows('menuDiscounts', menuDiscounts, existing.slice(wanted.length));
}

export async function saveCodeDiscounts(
  ctx: ImportContext,
  branch: TenantBranch,
  branchId: number,
): Promise<void> {
  const existing = await ctx.tx.select().from(codeDiscounts).where(eq(codeDiscounts.branchId, branchId));
  const byCode = new Map(existing.map((row) => [row.code, row]));
  const wanted = new Set<string>();
  for (const discount of branch.codeDiscounts ?? []) {
    const code = discount.code.toUpperCase();
    wanted.add(code);
    await ctx.saveCounted('codeDiscounts', codeDiscounts, byCode.get(code), {
      companyId: ctx.companyId,
      branchId,
      code,
      type: discount.type,
      value: discount.type === 'FIXED' ? ctx.minor(discount.value) : discount.value,
      active: discount.active,
      minimumOrderAmount: ctx.minorOrNull(discount.minimumOrderAmount),
      plateKey: discount.plate ?? null,
      categoryKey: discount.category ?? null,
      firstTimeOnly: discount.firstTimeOnly ?? false,
      maximumDiscountAmount: ctx.minorOrNull(discount.maximumDiscountAmount),
      freeDelivery: discount.freeDelivery ?? discount.type === 'FREE_DELIVERY',
      limitedUsage: discount.limitedUsage ?? false,
      usageLimit: discount.usageLimit ?? null,
    });
  }
  await removeCodeDiscounts(
    ctx,
    existing.filter((row) => !wanted.has(row.code)),
  );
}

export async function removeCodeDiscounts(
  ctx: ImportContext,
  rows: (typeof codeDiscounts.$inferSelect)[],
): Promise<void> {
  const ids = rows.map((row) => row.id);
  const used = new Set([
    ...(await ctx.referenced(orders.codeDiscountId, ids)),
    ...(await ctx.referenced(codeDiscountRedemptions.codeDiscountId, ids)),
  ]);
  await ctx.deleteRows(
    'codeDiscounts',
    codeDiscounts,
    rows.filter((row) => !used.has(row.id)),
  );
  for (const row of rows) {
    if (used.has(row.id) && row.active) {
      await ctx.tx.update(codeDiscounts).set({ active: false }).where(eq(codeDiscounts.id, row.id));
      ctx.count('codeDiscounts', 'removed');
    }
  }
}

/** General discounts of an order mode or of a partner: matched by position, they have no key. */
export async function saveValueDiscounts(
  ctx: ImportContext,
  existing: (typeof generalDiscounts.$inferSelect)[],
  wanted: TenantValueDiscount[],
  owner: { orderModeId: number | null; partnerId: number | null },
): Promise<void> {
  for (const [position, discount] of wanted.entries()) {
    await ctx.saveCounted('generalDiscounts', generalDiscounts, existing[position], {
      companyId: ctx.companyId,
      ...owner,
      position,
      name: discount.name,
      type: discount.type,
      value: discount.type === 'FIXED' ? ctx.minor(discount.value) : discount.value,
      priority: discount.priority ?? null,
    });
  }
  await ctx.deleteRows('generalDiscounts', generalDiscounts, existing.slice(wanted.length));
}
