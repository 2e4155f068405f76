/**
 * Queries of order placement and order reads. The entry point of a placement is
 * the branch contact the payload names; every query after it is scoped by that
 * branch contact's company (and the reads by code return the order's company
 * for the queries that follow).
 *
 * Writes take `Tx`: they run inside the placement's transaction, after its
 * row locks (idempotency key → code discount → customer, always in that order,
 * so two placements never wait on each other in a cycle).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Queryable, Tx } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import {
  customers,
  loyaltyLedger,
  loyaltyProgramBranchContacts,
  loyaltyPrograms,
} from '../db/schema/customers';
import { logisticsOrders } from '../db/schema/logistics';
import { codeDiscounts } from '../db/schema/menu';
import { codeDiscountRedemptions, orderItems, orders } from '../db/schema/orders';
import type { outboxMessages } from '../db/schema/platform';
import {
  branchContacts,
  branches,
  companies,
  countries,
  orderModes,
  paymentTypes,
} from '../db/schema/tenant';
import {
  type GeneralDiscountRow,
  type GeneralSurchargeRow,
  generalDiscountsOfOrderMode,
  generalSurchargesOfOrderMode,
  type OrderModeRow,
  type PaymentTypeRow,
} from './order-mode-repository';
import type { BranchContactRow, BranchRow, CompanyRow, CountryRow } from './tenant-repository';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderItemInsert = typeof orderItems.$inferInsert;
export type CustomerRow = typeof customers.$inferSelect;
export type LoyaltyProgramRow = typeof loyaltyPrograms.$inferSelect;
export type CodeDiscountRow = typeof codeDiscounts.$inferSelect;
type OutboxInsert = typeof outboxMessages.$inferInsert;

/** Everything a placement needs about where the order goes, read fresh on every order. */
export interface PlacementContextRow {
  branchContact: BranchContactRow;
  branch: BranchRow;
  company: CompanyRow;
  country: CountryRow;
  /** Null when the mode does not exist or is not this branch contact's. */
  orderMode: OrderModeRow | null;
}

/**
 * The branch contact with its branch, company and country, and the order mode
 * when it belongs to that branch contact — one round trip. The flags a venue
 * flips during service (blocked, manual closing, console) are read here, fresh.
 */
export async function placementContextFind(
  db: Queryable,
  branchContactId: number,
  orderModeId: number,
): Promise<PlacementContextRow | undefined> {
  const rows = await db
    .select({
      branchContact: branchContacts,
      branch: branches,
      company: companies,
      country: countries,
      orderMode: orderModes,
    })
    .from(branchContacts)
    .innerJoin(
      branches,
      and(
        eq(branches.id, branchContacts.branchId),
        eq(branches.companyId, branchContacts.companyId),
        ne(branches.position, RETIRED_POSITION),
      ),
    )
    .innerJoin(companies, eq(companies.id, branchContacts.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .leftJoin(
      orderModes,
      and(
        eq(orderModes.id, orderModeId),
        eq(orderModes.branchContactId, branchContacts.id),
        eq(orderModes.companyId, branchContacts.companyId),
      ),
    )
    // A location kept only for history (retired by an import) takes no orders: it is not found.
    .where(and(eq(branchContacts.id, branchContactId), ne(branchContacts.position, RETIRED_POSITION)))
    .limit(1);
  return rows[0];
}

/**
 * What a venue flips during service, read fresh on every order in one small
 * query: the location's and the mode's switches and the company's content
 * version (the key of everything else, which is cached). Undefined when the
 * location does not exist or is retired.
 */
export interface PlacementState {
  companyId: number;
  contentVersion: number;
  blocked: boolean;
  manualClosing: boolean;
  ordersConsoleActive: boolean;
  /** Null when the mode does not exist or is not this location's. */
  orderMode: { active: boolean; orderEnabled: boolean } | null;
}

export async function placementStateFind(
  db: Queryable,
  branchContactId: number,
  orderModeId: number,
): Promise<PlacementState | undefined> {
  const rows = await db
    .select({
      companyId: branchContacts.companyId,
      contentVersion: companies.contentVersion,
      blocked: branchContacts.blocked,
      manualClosing: branchContacts.manualClosing,
      ordersConsoleActive: branchContacts.ordersConsoleActive,
      modeId: orderModes.id,
      modeActive: orderModes.active,
      orderEnabled: orderModes.orderEnabled,
    })
    .from(branchContacts)
    .innerJoin(
      branches,
      and(
        eq(branches.id, branchContacts.branchId),
        eq(branches.companyId, branchContacts.companyId),
        ne(branches.position, RETIRED_POSITION),
      ),
    )
    .innerJoin(companies, eq(companies.id, branchContacts.companyId))
    .leftJoin(
      orderModes,
      and(
        eq(orderModes.id, orderModeId),
        eq(orderModes.branchContactId, branchContacts.id),
        eq(orderModes.companyId, branchContacts.companyId),
      ),
    )
    .where(and(eq(branchContacts.id, branchContactId), ne(branchContacts.position, RETIRED_POSITION)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return {
    companyId: row.companyId,
    contentVersion: row.contentVersion,
    blocked: row.blocked,
    manualClosing: row.manualClosing,
    ordersConsoleActive: row.ordersConsoleActive,
    orderMode:
      row.modeId === null
        ? null
        : { active: row.modeActive ?? false, orderEnabled: row.orderEnabled ?? false },
  };
}

/** The tenant content an order mode's orders are priced and checked with (changes only with contentVersion). */
export interface OrderModeContentRows {
  paymentTypes: PaymentTypeRow[];
  generalDiscounts: GeneralDiscountRow[];
  surcharges: GeneralSurchargeRow[];
  loyaltyProgram: LoyaltyProgramRow | null;
  loyaltyBranchContactIds: number[];
}

/** Loads an order mode's content: payment types, general discounts and surcharges, loyalty. */
export async function orderModeContentLoad(
  db: Queryable,
  scope: { companyId: number; orderModeId: number; branchId: number },
): Promise<OrderModeContentRows> {
  const { companyId } = scope;
  const paymentTypeRows = await db
    .select()
    .from(paymentTypes)
    .where(and(eq(paymentTypes.companyId, companyId), eq(paymentTypes.orderModeId, scope.orderModeId)))
    .orderBy(asc(paymentTypes.position), asc(paymentTypes.id));
  const discountRows = await generalDiscountsOfOrderMode(db, companyId, scope.orderModeId);
  const surchargeRows = await generalSurchargesOfOrderMode(db, companyId, scope.orderModeId);
  const [program] = await db
    .select()
    .from(loyaltyPrograms)
    .where(and(eq(loyaltyPrograms.companyId, companyId), eq(loyaltyPrograms.branchId, scope.branchId)))
    .limit(1);
  const links = program
    ? await db
        .select({ branchContactId: loyaltyProgramBranchContacts.branchContactId })
        .from(loyaltyProgramBranchContacts)
        .where(eq(loyaltyProgramBranchContacts.loyaltyProgramId, program.id))
    : [];
  return {
    paymentTypes: paymentTypeRows,
    generalDiscounts: discountRows,
    surcharges: surchargeRows,
    loyaltyProgram: program ?? null,
    loyaltyBranchContactIds: links.map((link) => link.branchContactId),
  };
}

// ---------------------------------------------------------------- customers

/**
 * Creates or refreshes the customer of a phone within a company and returns it
 * with its row locked until the transaction ends (the points balance is read
 * and changed under this lock). Contact data is refreshed with what the diner
 * entered; an empty value never erases a known one.
 */
export async function customerUpsertLocked(
  tx: Tx,
  values: {
    companyId: number;
    phone: string;
    name: string | null;
    email: string | null;
    document: string | null;
    optIn: boolean | null;
    now: Date;
  },
): Promise<CustomerRow> {
  const [row] = await tx
    .insert(customers)
    .values({
      companyId: values.companyId,
      phone: values.phone,
      name: values.name,
      email: values.email,
      document: values.document,
      optIn: values.optIn ?? false,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: [customers.companyId, customers.phone],
      set: {
        name: sql`coalesce(excluded.name, ${customers.name})`,
        email: sql`coalesce(excluded.email, ${customers.email})`,
        document: sql`coalesce(excluded.document, ${customers.document})`,
        optIn: values.optIn === null ? sql`${customers.optIn}` : values.optIn,
        updatedAt: values.now,
      },
    })
    .returning();
  if (!row) throw new Error('customer upsert returned no row');
  return row;
}

/** Whether a phone has ordered before from the company (canceled orders do not count). */
export async function customerHasOrdered(tx: Queryable, companyId: number, phone: string): Promise<boolean> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.phone, phone), ne(orders.status, 'CANCELED')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Takes points off a locked customer's balance and writes the ledger row. The
 * guard in the update keeps the balance from ever going negative; false when
 * the balance did not cover the points.
 */
export async function loyaltyRedeem(
  tx: Tx,
  values: {
    companyId: number;
    customerId: number;
    branchId: number;
    orderId: number;
    orderCode: string;
    points: number;
    now: Date;
  },
): Promise<boolean> {
  const [updated] = await tx
    .update(customers)
    .set({
      loyaltyPointsBalance: sql`${customers.loyaltyPointsBalance} - ${values.points}`,
      updatedAt: values.now,
    })
    .where(
      and(
        eq(customers.id, values.customerId),
        eq(customers.companyId, values.companyId),
        sql`${customers.loyaltyPointsBalance} >= ${values.points}`,
      ),
    )
    .returning({ balance: customers.loyaltyPointsBalance });
  if (!updated) return false;
  await tx.insert(loyaltyLedger).values({
    companyId: values.companyId,
    customerId: values.customerId,
    branchId: values.branchId,
    kind: 'REDEMPTION',
    orderId: values.orderId,
    orderCode: values.orderCode,
    amount: -values.points,
    postBalance: updated.balance,
    createdAt: values.now,
  });
  return true;
}

/**
 * Credits the points an order earned to its customer, once: the order's row is
 * locked, an existing ACCRUAL row of the order means it was credited already
 * (and the ledger's unique index on order and kind refuses a second one even
 * without the lock). Returns the points credited (0 when none or already credited).
 */
export async function loyaltyAccrue(tx: Tx, orderId: number, now: Date): Promise<number> {
  return loyaltyOrderCredit(tx, orderId, now, 'ACCRUAL');
}

/**
 * Gives back the points an order redeemed (a canceled order), once, as a
 * REVERSAL row: only when the REDEMPTION was written and no REVERSAL exists.
 * Returns the points given back (0 when none or already given back).
 */
export async function loyaltyRedemptionReverse(tx: Tx, orderId: number, now: Date): Promise<number> {
  return loyaltyOrderCredit(tx, orderId, now, 'REVERSAL');
}

/** The one credit of an order's points to its customer: ACCRUAL (earned) or REVERSAL (redeemed, given back). */
async function loyaltyOrderCredit(
  tx: Tx,
  orderId: number,
  now: Date,
  kind: 'ACCRUAL' | 'REVERSAL',
): Promise<number> {
  const [order] = await tx
    .select({
      id: orders.id,
      code: orders.code,
      companyId: orders.companyId,
      branchId: orders.branchId,
      customerId: orders.customerId,
      gained: orders.loyaltyGainedPoints,
      redeemed: orders.loyaltyRedeemedPoints,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  const points = kind === 'ACCRUAL' ? order?.gained : order?.redeemed;
  if (!order || order.customerId === null || !points || points <= 0) return 0;
  const ledgerOf = (of: typeof kind | 'REDEMPTION') =>
    tx
      .select({ customerId: loyaltyLedger.customerId })
      .from(loyaltyLedger)
      .where(
        and(
          eq(loyaltyLedger.companyId, order.companyId),
          eq(loyaltyLedger.orderId, order.id),
          eq(loyaltyLedger.kind, of),
        ),
      )
      .limit(1);
  if ((await ledgerOf(kind)).length > 0) return 0;
  // Points are given back to whom they were taken from, and only if they were taken.
  let customerId = order.customerId;
  if (kind === 'REVERSAL') {
    const [redemption] = await ledgerOf('REDEMPTION');
    if (!redemption) return 0;
    customerId = redemption.customerId;
  }
  const [customer] = await tx
    .update(customers)
    .set({ loyaltyPointsBalance: sql`${customers.loyaltyPointsBalance} + ${points}`, updatedAt: now })
    .where(and(eq(customers.id, customerId), eq(customers.companyId, order.companyId)))
    .returning({ balance: customers.loyaltyPointsBalance });
  if (!customer) return 0;
  await tx.insert(loyaltyLedger).values({
    companyId: order.companyId,
    customerId,
    branchId: order.branchId,
    kind,
    orderId: order.id,
    orderCode: order.code,
    amount: points,
    postBalance: customer.balance,
    createdAt: now,
  });
  return points;
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

// ---------------------------------------------------------------- orders

/** The customer fields an order refreshes (upserted by phone within the company). */
export interface CustomerUpsert {
  companyId: number;
  phone: string;
  name: string | null;
  email: string | null;
  document: string | null;
  /** null keeps what the customer had. */
  optIn: boolean | null;
}

/**
 * Where an order's answer goes. `update`: the key was claimed earlier in the
 * same transaction (slow path). `claim`: the order's own statement claims the
 * key (fast path, autocommit): if the key exists, nothing is written.
 */
export type OrderAnswerKey =
  | { mode: 'update'; scope: string; key: string }
  | { mode: 'claim'; scope: string; key: string; requestHash: string };

/** What `orderWrite` stores. */
export interface OrderWrite {
  /** The order's row without id and code; a null `customerId` means "the customer upserted here, if any". */
  order: Omit<OrderInsert, 'id' | 'code'>;
  items: Omit<OrderItemInsert, 'id' | 'orderId' | 'companyId'>[];
  /** Upserted in the same statement (when the caller did not lock the customer already). */
  customer: CustomerUpsert | null;
  /** The answer stored with the order under its key; `body` gets the order's `id` added. */
  answer: OrderAnswerKey & { status: number; body: Record<string, unknown>; expiresAt?: Date };
  /**
   * `claim` mode: the venue switches and content version the order was checked
   * with; if the database no longer holds exactly these, nothing is written.
   */
  guard?: { branchContactId: number; orderModeId: number; state: PlacementState };
  /** The diner's message about the order, written with it (its `orderId` becomes the new order's). */
  outbox?: Omit<OutboxInsert, 'id'> | null;
  now: Date;
}

/** What `orderWrite` did. */
export type OrderWriteOutcome =
  | { outcome: 'written'; id: number; customerId: number | null; outboxId: number | null }
  /** The order code was taken: nothing was written, draw another. */
  | { outcome: 'code-taken' }
  /** `claim` mode: the key exists (a retry, a reuse, an expired key): nothing was written. */
  | { outcome: 'key-taken' }
  /** The guard did not hold (the venue flipped a switch, the content changed): nothing was written. */
  | { outcome: 'stale' };

// Column names as the database spells them: drizzle's snake_case casing of the schema's keys.
const columnNames = new Map<string, string>();
function columnName(key: string): string {
  let name = columnNames.get(key);
  if (name === undefined) {
    name = toSnakeCase(key);
    columnNames.set(key, name);
  }
  return name;
}

/** A row as JSON for `jsonb_populate_record`: database column names, dates as ISO text, nulls dropped. */
function rowJson(values: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    row[columnName(key)] = value instanceof Date ? value.toISOString() : value;
  }
  return row;
}

/** Column names are ours (the schema's keys), never the client's: still, only plain identifiers pass. */
function identifiers(columns: string[]): string {
  for (const column of columns) {
    if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw new Error(`Not a column name: ${column}`);
  }
  return columns.join(', ');
}

/** Whether an error is PostgreSQL's unique violation of the order code (drizzle wraps driver errors). */
function isOrderCodeTaken(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'orders_code_unique') return true;
  }
  return false;
}

/**
 * Writes an order in ONE statement: the customer upsert (when given), the
 * order, its lines, its first status event, the diner's message (when given)
 * and the idempotency answer, as
 * data-modifying CTEs over `jsonb_populate_record` — one round trip instead of
 * five, since a placement's cost is mostly round trips. In `claim` mode the
 * statement also inserts the idempotency key (with the answer), and writes
 * nothing when the key exists: a single atomic statement, so the fast path
 * needs no explicit transaction. A taken order code (odds of about one in
 * 10^18 per pair) writes nothing either: the caller draws another.
 */
export async function orderWrite(q: Queryable, write: OrderWrite, code: string): Promise<OrderWriteOutcome> {
  const order = rowJson({ ...write.order, code });
  const columns = Object.keys(order).filter((column) => column !== 'customer_id');
  const items = write.items.map((item) => rowJson(item));
  const itemColumns = [...new Set(items.flatMap((item) => Object.keys(item)))];
  const customer = write.customer
    ? rowJson({
        ...write.customer,
        optIn: write.customer.optIn ?? false,
        createdAt: write.now,
        updatedAt: write.now,
      })
    : null;
  const answer = write.answer;
  const claim = answer.mode === 'claim';
  const companyId = write.order.companyId;
  const body = JSON.stringify(answer.body);
  const orderColumns = identifiers(columns);
  const orderValues = columns.map((column) => `r.${column}`).join(', ');
  const itemList = identifiers(itemColumns);
  const itemValues = itemColumns.map((column) => `r.${column}`).join(', ');
  const outbox = write.outbox ? rowJson(write.outbox) : null;
  const outboxColumns = outbox ? Object.keys(outbox).filter((column) => column !== 'order_id') : [];
  // Fast path: the key is claimed here, with the answer, and everything else waits on that claim —
  // which itself waits on the guard, when the caller checked the order against remembered switches.
  const guard = write.guard;
  const state = guard?.state;
  const guardCte =
    claim && guard && state?.orderMode
      ? sql`guard as (
        select 1 from branch_contacts bc
        join branches b on b.id = bc.branch_id and b.company_id = bc.company_id and b.position <> ${RETIRED_POSITION}
        join companies c on c.id = bc.company_id
        join order_modes m on m.id = ${guard.orderModeId}::int and m.branch_contact_id = bc.id
          and m.company_id = bc.company_id
        where bc.id = ${guard.branchContactId}::int and bc.position <> ${RETIRED_POSITION}
          and c.content_version = ${state.contentVersion}::int
          and bc.blocked = ${state.blocked}::boolean and bc.manual_closing = ${state.manualClosing}::boolean
          and bc.orders_console_active = ${state.ordersConsoleActive}::boolean
          and m.active = ${state.orderMode.active}::boolean and m.order_enabled = ${state.orderMode.orderEnabled}::boolean
      ),`
      : claim && guard
        ? sql`guard as (select 1 where false),`
        : sql`guard as (select 1),`;
  const claimed = claim ? sql`exists (select 1 from claim)` : sql`true`;
  const head = claim
    ? sql`with ${guardCte}
      ids as (select nextval(pg_get_serial_sequence('orders', 'id'))::int as id),
      claim as (
        insert into idempotency_keys (scope, key, request_hash, response_status, response_body, created_at, expires_at)
        select ${answer.scope}::text, ${answer.key}::text, ${answer.requestHash}::text, ${answer.status}::int,
          ${body}::jsonb || jsonb_build_object('id', ids.id), ${write.now.toISOString()}::timestamptz,
          ${(answer.expiresAt ?? write.now).toISOString()}::timestamptz
        from ids
        where exists (select 1 from guard)
        on conflict do nothing
        returning key
      ),`
    : sql`with`;
  const orderInsert = claim
    ? sql`insert into orders (id, ${sql.raw(orderColumns)}, customer_id)
      select ids.id, ${sql.raw(orderValues)}, coalesce(r.customer_id, (select id from cust))
      from ids cross join jsonb_populate_record(null::orders, ${JSON.stringify(order)}::jsonb) r
      where exists (select 1 from claim)`
    : sql`insert into orders (${sql.raw(orderColumns)}, customer_id)
      select ${sql.raw(orderValues)}, coalesce(r.customer_id, (select id from cust))
      from jsonb_populate_record(null::orders, ${JSON.stringify(order)}::jsonb) r
      on conflict (code) do nothing`;
  const answerUpdate = claim
    ? sql``
    : sql`, k as (
      update idempotency_keys
      set response_status = ${answer.status}::int,
        response_body = ${body}::jsonb || jsonb_build_object('id', o.id)
      from o
      where idempotency_keys.scope = ${answer.scope}::text and idempotency_keys.key = ${answer.key}::text
    )`;
  const statement = sql`
    ${head}
    cust as (
      insert into customers (company_id, phone, name, email, document, opt_in, created_at, updated_at)
      select r.company_id, r.phone, r.name, r.email, r.document, r.opt_in, r.created_at, r.updated_at
      from jsonb_populate_record(null::customers, ${customer === null ? null : JSON.stringify(customer)}::jsonb) r
      where r.phone is not null and ${claimed}
      on conflict (company_id, phone) do update set
        name = coalesce(excluded.name, customers.name),
        email = coalesce(excluded.email, customers.email),
        document = coalesce(excluded.document, customers.document),
        opt_in = case when ${write.customer?.optIn != null}::boolean then excluded.opt_in else customers.opt_in end,
        updated_at = excluded.updated_at
      returning id
    ),
    o as (${orderInsert} returning id, customer_id),
    i as (
      insert into order_items (company_id, order_id, ${sql.raw(itemList)})
      select ${companyId}::int, o.id, ${sql.raw(itemValues)}
      from o cross join jsonb_populate_recordset(null::order_items, ${JSON.stringify(items)}::jsonb) r
    ),
    e as (
      insert into order_status_events (company_id, order_id, from_status, to_status, created_at)
      select ${companyId}::int, o.id, null, ${write.order.status ?? 'GENERATED'}::text,
        ${write.now.toISOString()}::timestamptz
      from o
    )
    ${answerUpdate},
    n as (${
      outbox
        ? sql`insert into outbox_messages (order_id, ${sql.raw(identifiers(outboxColumns))})
      select o.id, ${sql.raw(outboxColumns.map((column) => `r.${column}`).join(', '))}
      from o cross join jsonb_populate_record(null::outbox_messages, ${JSON.stringify(outbox)}::jsonb) r
      returning id`
        : sql`select null::int as id where false`
    })
    select ${claim ? sql`(select count(*) from guard)::int` : sql`1`} as guarded,
      ${claim ? sql`(select count(*) from claim)::int` : sql`1`} as claimed, o.id, o.customer_id,
      (select id from n) as outbox_id
    from (select 1) as one left join o on true
  `;
  let rows: {
    guarded: number;
    claimed: number;
    id: number | null;
    customer_id: number | null;
    outbox_id: number | null;
  }[];
  try {
    rows = ((await q.execute(statement)) as unknown as { rows: typeof rows }).rows;
  } catch (error) {
    if (claim && isOrderCodeTaken(error)) return { outcome: 'code-taken' };
    throw error;
  }
  const row = rows[0];
  if (row && Number(row.guarded) === 0) return { outcome: 'stale' };
  if (!row || Number(row.claimed) === 0) return { outcome: 'key-taken' };
  if (row.id === null) return { outcome: 'code-taken' };
  return {
    outcome: 'written',
    id: Number(row.id),
    customerId: row.customer_id === null ? null : Number(row.customer_id),
    outboxId: row.outbox_id === null ? null : Number(row.outbox_id),
  };
}

/** An order by its public code (codes are stored upper-case). */
export async function orderByCode(db: Queryable, code: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.code, code.toUpperCase())).limit(1);
  return row;
}

/** The lines of an order, in their order. */
export async function orderItemsOf(
  db: Queryable,
  companyId: number,
  orderId: number,
): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.companyId, companyId)))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
}

/** What the follow-up view shows around an order: where it was placed, how it is paid and delivered. */
export interface OrderSurroundings {
  branchContact: Pick<BranchContactRow, 'id' | 'alias' | 'name' | 'whatsAppPhone'>;
  country: CountryRow;
  paymentType: Pick<PaymentTypeRow, 'id' | 'showName' | 'paymentMethod'> | null;
  orderModeType: OrderModeRow['type'];
  securityCode: string | null;
  hasLogistics: boolean;
  loyaltyProgramName: string | null;
  /** The points the order earned are in the customer's wallet (ACCRUAL written). */
  loyaltyCredited: boolean;
  /** The points the order redeemed were given back (REVERSAL written). */
  loyaltyReversed: boolean;
}

/** Reads the surroundings of an order in one round trip, scoped by its company. */
export async function orderSurroundingsFind(
  db: Queryable,
  order: OrderRow,
): Promise<OrderSurroundings | undefined> {
  const rows = await db
    .select({
      branchContactId: branchContacts.id,
      alias: branchContacts.alias,
      name: branchContacts.name,
      whatsAppPhone: branchContacts.whatsAppPhone,
      country: countries,
      paymentTypeId: paymentTypes.id,
      paymentTypeName: paymentTypes.showName,
      paymentMethod: paymentTypes.paymentMethod,
      securityCode: logisticsOrders.securityCode,
      logisticsId: logisticsOrders.id,
      loyaltyProgramName: loyaltyPrograms.name,
      loyaltyCredited: sql<boolean>`exists (select 1 from ${loyaltyLedger} where ${loyaltyLedger.orderId} = ${order.id} and ${loyaltyLedger.companyId} = ${order.companyId} and ${loyaltyLedger.kind} = 'ACCRUAL')`,
      loyaltyReversed: sql<boolean>`exists (select 1 from ${loyaltyLedger} where ${loyaltyLedger.orderId} = ${order.id} and ${loyaltyLedger.companyId} = ${order.companyId} and ${loyaltyLedger.kind} = 'REVERSAL')`,
    })
    .from(branchContacts)
    .innerJoin(companies, eq(companies.id, branchContacts.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .leftJoin(
      paymentTypes,
      and(eq(paymentTypes.id, order.paymentTypeId ?? 0), eq(paymentTypes.companyId, order.companyId)),
    )
    .leftJoin(
      logisticsOrders,
      and(eq(logisticsOrders.orderId, order.id), eq(logisticsOrders.companyId, order.companyId)),
    )
    .leftJoin(
      loyaltyPrograms,
      and(eq(loyaltyPrograms.branchId, order.branchId), eq(loyaltyPrograms.companyId, order.companyId)),
    )
    .where(and(eq(branchContacts.id, order.branchContactId), eq(branchContacts.companyId, order.companyId)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return {
    branchContact: {
      id: row.branchContactId,
      alias: row.alias,
      name: row.name,
      whatsAppPhone: row.whatsAppPhone,
    },
    country: row.country,
    paymentType:
      row.paymentTypeId === null
        ? null
        : {
            id: row.paymentTypeId,
            showName: row.paymentTypeName ?? '',
            paymentMethod: row.paymentMethod ?? order.paymentMethod,
          },
    orderModeType: order.type,
    securityCode: row.securityCode,
    hasLogistics: row.logisticsId !== null,
    loyaltyProgramName: row.loyaltyProgramName,
    loyaltyCredited: Boolean(row.loyaltyCredited),
    loyaltyReversed: Boolean(row.loyaltyReversed),
  };
}

/**
 * Sets an order's payment status (inside the caller's transaction, which should
 * hold whatever lock its provider flow needs). Returns the order after the
 * change, or undefined when it does not exist.
 */
export async function orderPaymentStatusUpdate(
  tx: Queryable,
  orderId: number,
  status: OrderRow['paymentStatus'],
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ paymentStatus: status, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  return row;
}
