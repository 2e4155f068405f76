/**
 * The indicator codes a diner can see. Only what a storefront lists counts: an
 * active plate, a category holding one, of a menu that an active order mode
 * serves. A plate or category retired by an import (kept for the orders that
 * name it) or a menu no mode serves any more is never read here.
 */
import { and, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { categories, plates } from '../db/schema/menu';
import { orderModes } from '../db/schema/tenant';

/** An active order mode of the company serves the menu. */
function menuIsServed(db: Queryable, menuId: PgColumn, companyId: PgColumn): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(orderModes)
      .where(
        and(eq(orderModes.menuId, menuId), eq(orderModes.companyId, companyId), eq(orderModes.active, true)),
      ),
  );
}

/** The category holds an active plate (ordering §3: only categories with plates are kept). */
function categoryIsListed(db: Queryable): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(plates)
      .where(
        and(
          eq(plates.categoryId, categories.id),
          eq(plates.companyId, categories.companyId),
          eq(plates.active, true),
        ),
      ),
  );
}

/** A listed plate's own codes; undefined when no storefront lists it. */
export async function plateIndicatorsFind(db: Queryable, plateId: number): Promise<string[] | undefined> {
  const [row] = await db
    .select({ indicators: plates.indicators })
    .from(plates)
    .where(
      and(eq(plates.id, plateId), eq(plates.active, true), menuIsServed(db, plates.menuId, plates.companyId)),
    )
    .limit(1);
  return row?.indicators;
}

/** A listed category's own codes; undefined when no storefront lists it. */
export async function categoryIndicatorsFind(
  db: Queryable,
  categoryId: number,
): Promise<string[] | undefined> {
  const [row] = await db
    .select({ indicators: categories.indicators })
    .from(categories)
    .where(
      and(
        eq(categories.id, categoryId),
        categoryIsListed(db),
        menuIsServed(db, categories.menuId, categories.companyId),
      ),
    )
    .limit(1);
  return row?.indicators;
}

/** The menu an active order mode serves, with its company; undefined for an unknown or inactive mode. */
export async function servedMenuOfOrderMode(
  db: Queryable,
  orderModeId: number,
): Promise<{ menuId: number; companyId: number } | undefined> {
  const [row] = await db
    .select({ menuId: orderModes.menuId, companyId: orderModes.companyId })
    .from(orderModes)
    .where(and(eq(orderModes.id, orderModeId), eq(orderModes.active, true)))
    .limit(1);
  return row;
}

/** Every code list the menu's listed plates and categories carry (one list per row; duplicates left to the caller). */
export async function indicatorListsOfMenu(
  db: Queryable,
  companyId: number,
  menuId: number,
): Promise<string[][]> {
  const plateRows = await db
    .select({ indicators: plates.indicators })
    .from(plates)
    .where(and(eq(plates.menuId, menuId), eq(plates.companyId, companyId), eq(plates.active, true)));
  const categoryRows = await db
    .select({ indicators: categories.indicators })
    .from(categories)
    .where(and(eq(categories.menuId, menuId), eq(categories.companyId, companyId), categoryIsListed(db)));
  return [...plateRows, ...categoryRows].map((row) => row.indicators);
}
