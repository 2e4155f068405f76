import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../src/db/client';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The example tenant kept in the repository (`fixtures/tenant-example.json`). */
export const EXAMPLE_TENANT_PATH = path.resolve(here, '../../../../fixtures/tenant-example.json');
export const DEMO_TENANT_PATH = path.resolve(here, '../../src/tenant/demo-tenant.json');

// biome-ignore lint/suspicious/noExplicitAny: tests edit tenant files freely, field by field
export type TenantJson = any;

/** The shared example tenant, parsed afresh (tests mutate their copy). */
export function exampleTenant(): TenantJson {
  return JSON.parse(fs.readFileSync(EXAMPLE_TENANT_PATH, 'utf8'));
}

/** The project's demo tenant, parsed afresh. */
export function demoTenant(): TenantJson {
  return JSON.parse(fs.readFileSync(DEMO_TENANT_PATH, 'utf8'));
}

/** The example with every alias, key and email renamed: an independent second company. */
export function exampleTenantRenamed(prefix: string): TenantJson {
  return JSON.parse(JSON.stringify(exampleTenant()).replaceAll('fuego', prefix));
}

/** Row count of every table of the schema: proof that a refused import wrote nothing. */
export async function tableCounts(db: Queryable): Promise<Record<string, number>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

/** One row as plain JSON (`select … limit 1`). */
export async function queryOne<T = Record<string, unknown>>(
  db: Queryable,
  query: ReturnType<typeof sql>,
): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  const row = result.rows[0];
  if (row === undefined) throw new Error('query returned no row');
  return row;
}

export async function queryAll<T = Record<string, unknown>>(
  db: Queryable,
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const SECRET_FIELDS = new Set(['password', 'securityCode', 'jwtSecret']);

/** The file without `password`, `securityCode` and `jwtSecret`, as an export writes it. */
export function tenantWithoutSecrets(file: TenantJson): TenantJson {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !SECRET_FIELDS.has(key))
          .map(([key, inner]) => [key, strip(inner)]),
      );
    }
    return value;
  };
  return strip(file);
}

/**
 * A tenant file with every optional field's default written out and secrets
 * dropped. The database does not record whether a default was written or
 * implied (`"withCustomLogo": false` vs. nothing), so an export is compared
 * with its source in this form.
 */
export function tenantCanonical(file: TenantJson): TenantJson {
  const tenant = tenantWithoutSecrets(file);
  const fill = (target: Record<string, unknown>, defaults: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(defaults)) if (target[key] === undefined) target[key] = value;
  };
  fill(tenant, { staff: [], customers: [], partners: [] });
  for (const member of tenant.staff) fill(member, { branchContacts: [] });
  for (const customer of tenant.customers) fill(customer, { optIn: false, loyaltyPointsBalance: 0 });
  for (const partner of tenant.partners)
    for (const d of partner.generalDiscounts) fill(d, { priority: null });
  for (const branch of tenant.branches) {
    fill(branch, {
      social: {},
      withCustomLogo: false,
      askForLocation: false,
      generalConfig: {},
      menuCustomization: {},
      garnishGroups: [],
      discounts: [],
      codeDiscounts: [],
      loyaltyRewards: [],
    });
    for (const menu of branch.menus) {
      fill(menu, { remarkeds: [], upselleds: [] });
      for (const category of menu.categories) {
        for (const plate of category.plates) fill(plate, { garnishGroups: [], indicators: [] });
      }
    }
    for (const group of branch.garnishGroups)
      for (const item of group.groupItems) fill(item, { visible: true });
    for (const discount of branch.discounts) fill(discount, { validDays: [] });
    for (const code of branch.codeDiscounts) {
      fill(code, {
        firstTimeOnly: false,
        freeDelivery: code.type === 'FREE_DELIVERY',
        limitedUsage: false,
      });
    }
    if (branch.loyaltyProgram) {
      fill(branch.loyaltyProgram, {
        orderPercentage: 0,
        minRedeemedPoints: 0,
        supportsDiscounts: true,
        branchContacts: [],
      });
    }
    for (const contact of branch.branchContacts) {
      fill(contact, { forceCustomerName: false, forceCustomerPhone: false });
      for (const zone of contact.deliveryConfig.deliveryZones) fill(zone, { minimumOrderPrice: 0 });
      for (const mode of contact.orderModes)
        for (const d of mode.generalDiscounts) fill(d, { priority: null });
    }
    if (branch.survey) {
      for (const question of branch.survey.questions) {
        fill(question, { options: [], questionReasons: [] });
        for (const reason of question.questionReasons) fill(reason, { options: [] });
      }
    }
  }
  return JSON.parse(JSON.stringify(tenant, (_key, value) => (value === null ? undefined : value)));
}
