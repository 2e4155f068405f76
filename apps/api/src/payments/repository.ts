/**
 * The payments module's queries: the order with what paying it needs (its
 * location's alias, its currency, its payment type's provider), row locks,
 * `payments` rows, notification de-duplication and provider accounts.
 *
 * Locks are always taken in one order — the order row, then its payment rows —
 * so that two flows touching one order never wait on each other in a cycle.
 */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { orders, paymentNotifications, payments } from '../db/schema/orders';
import {
  branchContacts,
  companies,
  countries,
  paymentProviderAccounts,
  paymentTypes,
} from '../db/schema/tenant';
import type { OrderRow } from '../repositories/order-repository';
import type { PaymentStatus, ProviderName } from './provider';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentAccountRow = typeof paymentProviderAccounts.$inferSelect;

/** What a payment row keeps in `detail` (never a card token or card number). */
export interface PaymentDetail {
  /** CARD: a token payment. LINK: a hosted checkout link. REDIRECT: a Webpay-style transaction. */
  kind: 'CARD' | 'LINK' | 'REDIRECT';
  /** The provider the payment type names (the row's `provider` is the adapter that served it). */
  requestedProvider: string | null;
  /**
   * The tenant account whose keys were used; null when they came from the
   * environment. Also in the `provider_account_id` column, which rows made
   * before it existed lack (`paymentAccountIdOf` reads both).
   */
  accountId: number | null;
  providerStatus?: string;
  paymentMethodId?: string | null;
  lastFourDigits?: string | null;
  /** LINK: the provider's link id and URL. */
  linkId?: string;
  url?: string;
  /** LINK: the last attempt that did not pay (a declined card on the hosted page). */
  lastAttempt?: { providerPaymentId: string; status: PaymentStatus; providerStatus: string; at: string };
  /** REDIRECT: the one commit. `startedAt` is claimed before the call; a second return never commits. */
  commit?: { startedAt: string; answeredAt?: string; lost?: boolean };
  /** How the diner left the provider's form (REDIRECT). */
  returnedAs?: 'ABORTED' | 'TIMEOUT' | 'FORM_ERROR';
  error?: string;
  /** Set when this payment was approved for an order another payment had already paid (refund it). */
  duplicateOf?: number;
  amountMismatch?: { expectedMinor: number; reportedMajor: number };
}

/** The order with its surroundings, as the payment flows need it. */
export interface PaymentOrder {
  order: OrderRow;
  branchContact: { id: number; alias: string; name: string };
  currency: string;
  mantissaLength: number;
  /** The order's payment type's provider (`MERCADOPAGO`, `TRANSBANK`…), null without a type. */
  providerName: string | null;
}

const paymentOrderColumns = {
  order: orders,
  branchContactId: branchContacts.id,
  alias: branchContacts.alias,
  name: branchContacts.name,
  currency: countries.currencyCode,
  mantissaLength: countries.mantissaLength,
  providerName: paymentTypes.providerName,
};

function paymentOrderOf(
  row:
    | {
        order: OrderRow;
        branchContactId: number;
        alias: string;
        name: string;
        currency: string;
        mantissaLength: number;
        providerName: string | null;
      }
    | undefined,
): PaymentOrder | undefined {
  if (!row) return undefined;
  return {
    order: row.order,
    branchContact: { id: row.branchContactId, alias: row.alias, name: row.name },
    currency: row.currency,
    mantissaLength: row.mantissaLength,
    providerName: row.providerName,
  };
}

function paymentOrderQuery(db: Queryable) {
  return db
    .select(paymentOrderColumns)
    .from(orders)
    .innerJoin(
      branchContacts,
      and(eq(branchContacts.id, orders.branchContactId), eq(branchContacts.companyId, orders.companyId)),
    )
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .leftJoin(
      paymentTypes,
      and(eq(paymentTypes.id, orders.paymentTypeId), eq(paymentTypes.companyId, orders.companyId)),
    );
}

/** An order by its public code (any case) with what paying it needs. */
export async function paymentOrderByCode(db: Queryable, code: string): Promise<PaymentOrder | undefined> {
  const [row] = await paymentOrderQuery(db).where(eq(orders.code, code.toUpperCase())).limit(1);
  return paymentOrderOf(row);
}

/** The same by order id; with `companyId`, only an order of that company. */
export async function paymentOrderById(
  db: Queryable,
  orderId: number,
  companyId?: number,
): Promise<PaymentOrder | undefined> {
  const [row] = await paymentOrderQuery(db)
    .where(and(eq(orders.id, orderId), companyId === undefined ? undefined : eq(orders.companyId, companyId)))
    .limit(1);
  return paymentOrderOf(row);
}

/** Locks an order's row for the rest of the transaction and returns it fresh. */
export async function orderLock(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** Locks every payment row of an order (call after `orderLock`), newest first. */
export async function paymentsOfOrderLocked(tx: Tx, orderId: number): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.id))
    .for('update');
}

/** A payment row by id; with `companyId`, only a payment of that company. */
export async function paymentById(
  db: Queryable,
  id: number,
  companyId?: number,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), companyId === undefined ? undefined : eq(payments.companyId, companyId)))
    .limit(1);
  return row;
}

/**
 * A payment by the provider's reference (Webpay token, Mercado Pago payment
 * id) among some adapters; with `companyId`, only a payment of that company.
 */
export async function paymentByProviderReference(
  db: Queryable,
  providers: readonly ProviderName[],
  reference: string,
  companyId?: number,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.provider, [...providers]),
        eq(payments.providerPaymentId, reference),
        companyId === undefined ? undefined : eq(payments.companyId, companyId),
      ),
    )
    .limit(1);
  return row;
}

/** LINK rows of an order that were given a link (or are being given one), newest first. */
export async function paymentLinkOpen(
  db: Queryable,
  orderId: number,
  provider: ProviderName,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider),
        inArray(payments.status, ['CREATED', 'PENDING']),
        sql`${payments.detail}->>'kind' = 'LINK'`,
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/** Inserts a payment row. */
export async function paymentInsert(
  tx: Queryable,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/** Updates a payment row (status, reference, detail) and returns it. */
export async function paymentUpdate(
  tx: Queryable,
  id: number,
  values: Partial<Pick<PaymentRow, 'status' | 'providerPaymentId'>> & { detail?: PaymentDetail },
  now: Date,
): Promise<PaymentRow | undefined> {
  const { detail, ...rest } = values;
  const [row] = await tx
    .update(payments)
    .set({
      ...rest,
      ...(detail ? { detail: detail as unknown as Record<string, unknown> } : {}),
      updatedAt: now,
    })
    .where(eq(payments.id, id))
    .returning();
  return row;
}

/** Whether a notification was already processed (a repeat is acknowledged and ignored). */
export async function notificationSeen(
  db: Queryable,
  provider: string,
  notificationId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentNotifications.id })
    .from(paymentNotifications)
    .where(
      and(
        eq(paymentNotifications.provider, provider),
        eq(paymentNotifications.notificationId, notificationId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Records a notification inside the transaction that acts on it; false when it
 * was already recorded (a concurrent repeat), in which case the caller stops.
 */
export async function notificationRecord(
  tx: Tx,
  provider: string,
  notificationId: string,
  payload: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentNotifications)
    .values({ provider, notificationId, payload, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentNotifications.id });
  return inserted.length > 0;
}

/**
 * The tenant's account for a provider: the branch's own, else the company's.
 * `names` are the spellings a tenant may use for one provider.
 */
export async function providerAccountFind(
  db: Queryable,
  companyId: number,
  branchId: number,
  names: readonly string[],
): Promise<PaymentAccountRow | undefined> {
  const rows = await db
    .select()
    .from(paymentProviderAccounts)
    .where(
      and(
        eq(paymentProviderAccounts.companyId, companyId),
        inArray(sql`upper(${paymentProviderAccounts.provider})`, [...names]),
        or(eq(paymentProviderAccounts.branchId, branchId), isNull(paymentProviderAccounts.branchId)),
      ),
    );
  return rows.find((row) => row.branchId === branchId) ?? rows[0];
}

/** The distinct base URLs of the provider accounts named `names` (every tenant). */
export async function providerAccountBaseUrls(db: Queryable, names: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ baseUrl: paymentProviderAccounts.baseUrl })
    .from(paymentProviderAccounts)
    .where(inArray(sql`upper(${paymentProviderAccounts.provider})`, [...names]));
  return rows.flatMap((row) => (row.baseUrl ? [row.baseUrl] : []));
}

/** A provider account by id (notifications and returns name the account their payment used). */
export async function providerAccountById(db: Queryable, id: number): Promise<PaymentAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentProviderAccounts)
    .where(eq(paymentProviderAccounts.id, id))
    .limit(1);
  return row;
}
