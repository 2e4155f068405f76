/**
 * Discount codes of a branch (brand). A code is found by its branch and text,
 * so another brand's or another company's code is simply not found. Codes name
 * their required plate and category by key; these resolve to the ids of one
 * menu (the order mode's), because a key may be a plate in several menus.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { categories, codeDiscounts, plates } from '../db/schema/menu';
import { codeDiscountRedemptions } from '../db/schema/orders';
import { branchContacts, menus, orderModes, paymentTypes } from '../db/schema/tenant';

export type CodeDiscountRow = typeof codeDiscounts.$inferSelect;

/** Codes are stored upper-case and matched case-insensitively. */
export function codeNormalize(code: string): string {
  return code.trim().toUpperCase();
}

/** A code of a branch of a company, active or not (the caller decides what inactive means). */
export async function codeDiscountFind(
  db: Queryable,
  scope: { companyId: number; branchId: number },
  code: string,
): Promise<CodeDiscountRow | undefined> {
  const [row] = await db
    .select()
    .from(codeDiscounts)
    .where(
      and(
        eq(codeDiscounts.companyId, scope.companyId),
        eq(codeDiscounts.branchId, scope.branchId),
        eq(codeDiscounts.code, codeNormalize(code)),
      ),
    )
    .limit(1);
  return row;
}

/** A plate or category a code requires, as the diner sees it. */
export interface CodeDiscountTarget {
  id: number;
  showName: string;
  /** Whether it is in the menu asked for (else it is the branch's first one with that key). */
  inMenu: boolean;
}

async function targetFind(
  db: Queryable,
  kind: 'plate' | 'category',
  scope: { companyId: number; branchId: number; menuId: number | null },
  key: string,
): Promise<CodeDiscountTarget | null> {
  const table = kind === 'plate' ? plates : categories;
  const conditions = [
    eq(table.companyId, scope.companyId),
    eq(menus.branchId, scope.branchId),
    eq(table.key, key),
  ];
  if (kind === 'plate') conditions.push(eq(plates.active, true));
  const rows = await db
    .select({ id: table.id, showName: table.showName, menuId: table.menuId })
    .from(table)
    .innerJoin(menus, and(eq(menus.id, table.menuId), eq(menus.companyId, table.companyId)))
    .where(and(...conditions))
    // The asked-for menu's row first, then the lowest id: a stable answer.
    .orderBy(sql`(${table.menuId} = ${scope.menuId ?? 0}) desc`, asc(table.id))
    .limit(1);
  const row = rows[0];
  return row ? { id: row.id, showName: row.showName, inMenu: row.menuId === scope.menuId } : null;
}

/**
 * The plate and category a code requires, resolved in a menu when given (the
 * order mode's). Null when the code requires none, or when the key no longer
 * names anything in the branch.
 */
export async function codeDiscountTargets(
  db: Queryable,
  scope: { companyId: number; branchId: number; menuId: number | null },
  row: Pick<CodeDiscountRow, 'plateKey' | 'categoryKey'>,
): Promise<{ plate: CodeDiscountTarget | null; category: CodeDiscountTarget | null }> {
  return {
    plate: row.plateKey ? await targetFind(db, 'plate', scope, row.plateKey) : null,
    category: row.categoryKey ? await targetFind(db, 'category', scope, row.categoryKey) : null,
  };
}

/**
 * A payment type of one of the branch's locations (any order mode), or
 * undefined: what a code validation needs to know the diner chose one here.
 */
export async function paymentTypeOfBranchFind(
  db: Queryable,
  scope: { companyId: number; branchId: number },
  paymentTypeId: number,
): Promise<{ id: number; orderModeId: number; paymentMethod: string } | undefined> {
  const [row] = await db
    .select({
      id: paymentTypes.id,
      orderModeId: paymentTypes.orderModeId,
      paymentMethod: paymentTypes.paymentMethod,
    })
    .from(paymentTypes)
    .innerJoin(
      orderModes,
      and(eq(orderModes.id, paymentTypes.orderModeId), eq(orderModes.companyId, paymentTypes.companyId)),
    )
    .innerJoin(
      branchContacts,
      and(
        eq(branchContacts.id, orderModes.branchContactId),
        eq(branchContacts.companyId, orderModes.companyId),
      ),
    )
    .where(
      and(
        eq(paymentTypes.id, paymentTypeId),
        eq(paymentTypes.companyId, scope.companyId),
        eq(branchContacts.branchId, scope.branchId),
      ),
    )
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- code discounts

/** Locks a code discount's row for the rest of the transaction and reads it (usage count included). */
export async function codeDiscountLock(
  tx: Tx,
  companyId: number,
  codeDiscountId: number,
): Promise<CodeDiscountRow | undefined> {
  const [row] = await tx
    .select()
    .from(codeDiscounts)
    .where(and(eq(codeDiscounts.id, codeDiscountId), eq(codeDiscounts.companyId, companyId)))
    .for('update');
  return row;
}

/**
 * Counts one use of a locked code and records the redemption. The usage limit
 * is checked again in the update itself, so the count can never pass it; false
 * when it would have.
 */
export async function codeDiscountRedeem(
  tx: Tx,
  values: {
    companyId: number;
    codeDiscountId: number;
    orderId: number;
    phone: string | null;
    amount: number;
    now: Date;
  },
): Promise<boolean> {
  const updated = await tx
    .update(codeDiscounts)
    .set({ usageCount: sql`${codeDiscounts.usageCount} + 1` })
    .where(
      and(
        eq(codeDiscounts.id, values.codeDiscountId),
        eq(codeDiscounts.companyId, values.companyId),
        sql`(not ${codeDiscounts.limitedUsage} or ${codeDiscounts.usageLimit} is null or ${codeDiscounts.usageCount} < ${codeDiscounts.usageLimit})`,
      ),
    )
    .returning({ id: codeDiscounts.id });
  if (updated.length === 0) return false;
  await tx.insert(codeDiscountRedemptions).values({
    companyId: values.companyId,
    codeDiscountId: values.codeDiscountId,
    orderId: values.orderId,
    phone: values.phone,
    amount: values.amount,
    createdAt: values.now,
  });
  return true;
}
