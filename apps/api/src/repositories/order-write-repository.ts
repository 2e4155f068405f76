/**
 * The one statement that writes a placed order (customer upsert, order, lines,
 * status event, the diner's message and the idempotency answer).
 */
import { type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Queryable } from '../db/client';
import { executePrepared, executeShape, type StatementShape } from '../db/prepared';
import { RETIRED_POSITION } from '../db/schema/columns';
import type { outboxMessages } from '../db/schema/platform';
import type { PlacementState } from './order-placement-repository';
import type { OrderInsert, OrderItemInsert } from './order-repository';

type OutboxInsert = typeof outboxMessages.$inferInsert;

/** The customer fields an order refreshes (upserted by phone within the company). */
export interface CustomerUpsert {
  companyId: number;
  phone: string;
  name: string | null;
  email: string | null;
  document: string | null;
  /** null keeps what the customer had. */
  optIn: boolean | null;
  /**
   * Whether a stored customer's data may be refreshed with these values: only
   * when the diner proved the phone (ADR 018). A new customer is created with
   * them either way.
   */
  refresh: boolean;
}

/**
 * Where an order's answer goes. `update`: the key was claimed earlier in the
 * same transaction (slow path). `claim`: the order's own statement claims the
 * key (fast path, autocommit): if the key exists, nothing is written.
 */
export type OrderAnswerKey =
  | { mode: 'update'; scope: string; key: string }
  | { mode: 'claim'; scope: string; key: string; requestHash: string; ttlMs: number };

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
 * Writes an order in ONE statement: the customer upsert (when given; a known
 * customer's row is only rewritten when the diner proved the phone, so a
 * returning diner's order costs no customer write), the
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
  const items = write.items.map((item) => rowJson(item));
  const outbox = write.outbox ? rowJson(write.outbox) : null;
  const answer = write.answer;
  const claim = answer.mode === 'claim';
  const guard = write.guard;
  const state = guard?.state;
  const shape = orderWriteShape({
    claim,
    guard: !claim ? 'none' : !guard ? 'none' : state?.orderMode ? 'checked' : 'refused',
    orderColumns: Object.keys(order).filter((column) => column !== 'customer_id'),
    itemColumns: [...new Set(items.flatMap((item) => Object.keys(item)))],
    outboxColumns: outbox ? Object.keys(outbox).filter((column) => column !== 'order_id') : null,
  });
  const customer = write.customer
    ? rowJson({
        companyId: write.customer.companyId,
        phone: write.customer.phone,
        name: write.customer.name,
        email: write.customer.email,
        document: write.customer.document,
        optIn: write.customer.optIn ?? false,
        createdAt: write.now,
        updatedAt: write.now,
      })
    : null;
  const refresh = write.customer?.refresh === true;
  const values: Record<string, unknown> = {
    companyId: write.order.companyId,
    status: write.order.status ?? 'GENERATED',
    now: write.now.toISOString(),
    order: JSON.stringify(order),
    items: JSON.stringify(items),
    customer: customer === null ? null : JSON.stringify(customer),
    customerPhone: write.customer?.phone ?? null,
    refresh,
    refreshOptIn: refresh && write.customer?.optIn != null,
    outbox: outbox === null ? null : JSON.stringify(outbox),
    scope: answer.scope,
    key: answer.key,
    answerStatus: answer.status,
    body: JSON.stringify(answer.body),
    requestHash: claim ? answer.requestHash : null,
    expiresAt: (answer.expiresAt ?? write.now).toISOString(),
    guardBranchContactId: guard?.branchContactId ?? null,
    guardOrderModeId: guard?.orderModeId ?? null,
    contentVersion: state?.contentVersion ?? null,
    blocked: state?.blocked ?? null,
    manualClosing: state?.manualClosing ?? null,
    ordersConsoleActive: state?.ordersConsoleActive ?? null,
    modeActive: state?.orderMode?.active ?? null,
    modeOrderEnabled: state?.orderMode?.orderEnabled ?? null,
  };
  let rows: {
    guarded: number;
    claimed: number;
    id: number | null;
    customer_id: number | null;
    outbox_id: number | null;
  }[];
  try {
    rows = await executeShape(q, shape, values);
  } catch (error) {
    if (claim && isOrderCodeTaken(error)) return { outcome: 'code-taken' };
    throw error;
  }
  const row = rows[0];
  if (row && Number(row.guarded) === 0) return { outcome: 'stale' };
  if (!row || Number(row.claimed) === 0) return { outcome: 'key-taken' };
  if (row.id === null) return { outcome: 'code-taken' };
  const id = Number(row.id);
  let customerId = row.customer_id === null ? null : Number(row.customer_id);
  if (customerId === null && write.customer && write.order.customerId == null) {
    customerId = await orderCustomerLink(q, id, write.customer);
  }
  return {
    outcome: 'written',
    id,
    customerId,
    outboxId: row.outbox_id === null ? null : Number(row.outbox_id),
  };
}

/** What fixes the order statement's text; everything else is a placeholder's value. */
interface OrderWriteShapeKey {
  claim: boolean;
  /** `checked`: the venue's switches as remembered; `refused`: a guard that never holds; `none`: no guard. */
  guard: 'checked' | 'refused' | 'none';
  orderColumns: string[];
  itemColumns: string[];
  outboxColumns: string[] | null;
}

const shapes = new Map<string, StatementShape>();

/** The statement of one shape, its text built once per process (a handful of shapes exist). */
function orderWriteShape(key: OrderWriteShapeKey): StatementShape {
  const name = JSON.stringify(key);
  let shape = shapes.get(name);
  if (!shape) {
    shape = { build: () => orderWriteStatement(key) };
    shapes.set(name, shape);
  }
  return shape;
}

const v = (name: string) => sql.placeholder(name);

function orderWriteStatement(shape: OrderWriteShapeKey): SQL {
  const { claim } = shape;
  const orderColumns = identifiers(shape.orderColumns);
  const orderValues = shape.orderColumns.map((column) => `r.${column}`).join(', ');
  const itemList = identifiers(shape.itemColumns);
  const itemValues = shape.itemColumns.map((column) => `r.${column}`).join(', ');
  // Fast path: the key is claimed here, with the answer, and everything else waits on that claim —
  // which itself waits on the guard, when the caller checked the order against remembered switches.
  const guardCte =
    shape.guard === 'checked'
      ? sql`guard as (
        select 1 from branch_contacts bc
        join branches b on b.id = bc.branch_id and b.company_id = bc.company_id and b.position <> ${RETIRED_POSITION}
        join companies c on c.id = bc.company_id
        join order_modes m on m.id = ${v('guardOrderModeId')}::int and m.branch_contact_id = bc.id
          and m.company_id = bc.company_id
        where bc.id = ${v('guardBranchContactId')}::int and bc.position <> ${RETIRED_POSITION}
          and c.content_version = ${v('contentVersion')}::int
          and bc.blocked = ${v('blocked')}::boolean and bc.manual_closing = ${v('manualClosing')}::boolean
          and bc.orders_console_active = ${v('ordersConsoleActive')}::boolean
          and m.active = ${v('modeActive')}::boolean and m.order_enabled = ${v('modeOrderEnabled')}::boolean
      ),`
      : shape.guard === 'refused'
        ? sql`guard as (select 1 where false),`
        : sql`guard as (select 1),`;
  const claimed = claim ? sql`exists (select 1 from claim)` : sql`true`;
  const head = claim
    ? sql`with ${guardCte}
      ids as (select nextval(pg_get_serial_sequence('orders', 'id'))::int as id),
      claim as (
        insert into idempotency_keys (scope, key, request_hash, response_status, response_body, created_at, expires_at)
        select ${v('scope')}::text, ${v('key')}::text, ${v('requestHash')}::text, ${v('answerStatus')}::int,
          ${v('body')}::jsonb || jsonb_build_object('id', ids.id), ${v('now')}::timestamptz,
          ${v('expiresAt')}::timestamptz
        from ids
        where exists (select 1 from guard)
        on conflict do nothing
        returning key
      ),`
    : sql`with`;
  const customerId = sql`coalesce(r.customer_id, (select id from cust), (select id from known))`;
  const orderInsert = claim
    ? sql`insert into orders (id, ${sql.raw(orderColumns)}, customer_id)
      select ids.id, ${sql.raw(orderValues)}, ${customerId}
      from ids cross join jsonb_populate_record(null::orders, ${v('order')}::jsonb) r
      where exists (select 1 from claim)`
    : sql`insert into orders (${sql.raw(orderColumns)}, customer_id)
      select ${sql.raw(orderValues)}, ${customerId}
      from jsonb_populate_record(null::orders, ${v('order')}::jsonb) r
      on conflict (code) do nothing`;
  const answerUpdate = claim
    ? sql``
    : sql`, k as (
      update idempotency_keys
      set response_status = ${v('answerStatus')}::int,
        response_body = ${v('body')}::jsonb || jsonb_build_object('id', o.id)
      from o
      where idempotency_keys.scope = ${v('scope')}::text and idempotency_keys.key = ${v('key')}::text
    )`;
  const outboxColumns = shape.outboxColumns;
  return sql`
    ${head}
    cust as (
      insert into customers (company_id, phone, name, email, document, opt_in, created_at, updated_at)
      select r.company_id, r.phone, r.name, r.email, r.document, r.opt_in, r.created_at, r.updated_at
      from jsonb_populate_record(null::customers, ${v('customer')}::jsonb) r
      where r.phone is not null and ${claimed}
      on conflict (company_id, phone) do update set
        name = coalesce(excluded.name, customers.name),
        email = coalesce(excluded.email, customers.email),
        document = coalesce(excluded.document, customers.document),
        opt_in = case when ${v('refreshOptIn')}::boolean then excluded.opt_in else customers.opt_in end,
        updated_at = excluded.updated_at
      where ${v('refresh')}::boolean
      returning id
    ),
    known as (
      select id from customers where company_id = ${v('companyId')}::int and phone = ${v('customerPhone')}::text
    ),
    o as (${orderInsert} returning id, customer_id),
    i as (
      insert into order_items (company_id, order_id, ${sql.raw(itemList)})
      select ${v('companyId')}::int, o.id, ${sql.raw(itemValues)}
      from o cross join jsonb_populate_recordset(null::order_items, ${v('items')}::jsonb) r
    ),
    e as (
      insert into order_status_events (company_id, order_id, from_status, to_status, created_at)
      select ${v('companyId')}::int, o.id, null, ${v('status')}::text, ${v('now')}::timestamptz
      from o
    )
    ${answerUpdate},
    n as (${
      outboxColumns
        ? sql`insert into outbox_messages (order_id, ${sql.raw(identifiers(outboxColumns))})
      select o.id, ${sql.raw(outboxColumns.map((column) => `r.${column}`).join(', '))}
      from o cross join jsonb_populate_record(null::outbox_messages, ${v('outbox')}::jsonb) r
      returning id`
        : sql`select null::int as id where false`
    })
    select ${claim ? sql`(select count(*) from guard)::int` : sql`1`} as guarded,
      ${claim ? sql`(select count(*) from claim)::int` : sql`1`} as claimed, o.id, o.customer_id,
      (select id from n) as outbox_id
    from (select 1) as one left join o on true
  `;
}

/**
 * The rare race of the customer upsert: two first orders of one phone at once. The one whose insert
 * met the other's row (committed after its statement began) neither wrote nor could see it, so its
 * order was written without a customer; the row is committed now (the conflict waited for it), so the
 * order is linked to it here.
 */
async function orderCustomerLink(
  q: Queryable,
  orderId: number,
  customer: CustomerUpsert,
): Promise<number | null> {
  const rows = await executePrepared<{ customer_id: number | null }>(
    q,
    sql`update orders set customer_id = (
        select id from customers where company_id = ${customer.companyId}::int and phone = ${customer.phone}::text
      )
      where id = ${orderId}::int
      returning customer_id`,
  );
  const linked = rows[0]?.customer_id;
  return linked == null ? null : Number(linked);
}
