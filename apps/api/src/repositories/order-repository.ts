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
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { loyaltyLedger, loyaltyPrograms } from '../db/schema/customers';
import { logisticsOrders, riders, shipments } from '../db/schema/logistics';
import { orderItems, orders } from '../db/schema/orders';
import { surveyResponses, surveys } from '../db/schema/platform';
import { branchContacts, companies, countries, paymentTypes } from '../db/schema/tenant';
import type { OrderModeRow, PaymentTypeRow } from './order-mode-repository';
import type { BranchContactRow, CountryRow } from './tenant-repository';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderItemInsert = typeof orderItems.$inferInsert;

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
  /** The order's live shipment (the newest of its logistics order) and its rider, when it has one. */
  shipment: { status: string; riderName: string | null } | null;
  loyaltyProgramName: string | null;
  /** The programme returns money: its amounts read as money (ADR 033). */
  loyaltyCashback: boolean;
  /** The points the order earned are in the customer's wallet (ACCRUAL written). */
  loyaltyCredited: boolean;
  /** The points the order redeemed were given back (REVERSAL written). */
  loyaltyReversed: boolean;
  /** The order's branch has a survey taking answers (ADR 031). */
  surveyActive: boolean;
  /** The order's survey was answered, and its general rating (null when left empty). */
  surveyAnswered: boolean;
  surveyRating: number | null;
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
      // The newest shipment of the logistics order is the live one (a cancelled one is re-pooled as a new row).
      shipmentStatus: sql<
        string | null
      >`(select s.status from ${shipments} s where s.logistics_order_id = ${logisticsOrders.id} and s.company_id = ${order.companyId} order by s.id desc limit 1)`,
      shipmentRiderName: sql<
        string | null
      >`(select r.name from ${shipments} s left join ${riders} r on r.id = s.rider_id where s.logistics_order_id = ${logisticsOrders.id} and s.company_id = ${order.companyId} order by s.id desc limit 1)`,
      loyaltyProgramName: loyaltyPrograms.name,
      loyaltyCashback: loyaltyPrograms.cashback,
      loyaltyCredited: sql<boolean>`exists (select 1 from ${loyaltyLedger} where ${loyaltyLedger.orderId} = ${order.id} and ${loyaltyLedger.companyId} = ${order.companyId} and ${loyaltyLedger.kind} = 'ACCRUAL')`,
      loyaltyReversed: sql<boolean>`exists (select 1 from ${loyaltyLedger} where ${loyaltyLedger.orderId} = ${order.id} and ${loyaltyLedger.companyId} = ${order.companyId} and ${loyaltyLedger.kind} = 'REVERSAL')`,
      surveyActive: sql<boolean>`exists (select 1 from ${surveys} where ${surveys.branchId} = ${order.branchId} and ${surveys.companyId} = ${order.companyId} and ${surveys.active})`,
      surveyAnswered: sql<boolean>`exists (select 1 from ${surveyResponses} where ${surveyResponses.orderId} = ${order.id} and ${surveyResponses.companyId} = ${order.companyId})`,
      surveyRating: sql<
        number | null
      >`(select ${surveyResponses.rating} from ${surveyResponses} where ${surveyResponses.orderId} = ${order.id} and ${surveyResponses.companyId} = ${order.companyId})`,
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
    shipment:
      row.shipmentStatus === null || row.shipmentStatus === undefined
        ? null
        : { status: row.shipmentStatus, riderName: row.shipmentRiderName ?? null },
    loyaltyProgramName: row.loyaltyProgramName,
    loyaltyCashback: (row.loyaltyCashback ?? 0) > 0,
    loyaltyCredited: Boolean(row.loyaltyCredited),
    loyaltyReversed: Boolean(row.loyaltyReversed),
    surveyActive: Boolean(row.surveyActive),
    surveyAnswered: Boolean(row.surveyAnswered),
    surveyRating:
      row.surveyRating === null || row.surveyRating === undefined ? null : Number(row.surveyRating),
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
