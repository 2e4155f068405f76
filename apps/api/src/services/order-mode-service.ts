/**
 * Reads keyed by an order mode id: schedule configuration, general discounts,
 * general surcharges and service fees. Only active modes are readable; their
 * company scopes the queries that follow.
 */
import type { Queryable } from '../db/client';
import { notFound } from '../lib/http-error';
import {
  feesPresent,
  generalDiscountPresent,
  scheduleConfigPresent,
  surchargePresent,
} from '../presenters/order-mode-presenter';
import {
  generalDiscountsOfOrderMode,
  generalSurchargesOfOrderMode,
  orderModeActiveFind,
} from '../repositories/order-mode-repository';
import type { FeesView, GeneralDiscountView, ScheduleConfigView, SurchargeView } from '../schemas/diner';

async function activeOrderMode(db: Queryable, orderModeId: number) {
  const found = await orderModeActiveFind(db, orderModeId);
  if (!found) throw notFound(`No existe el modo de pedido ${orderModeId}`);
  return found;
}

/** `GET /api/ordermode/schedule/{orderModeId}`: the configuration slot computation needs. */
export async function orderModeSchedule(
  db: Queryable,
  orderModeId: number,
  now: Date = new Date(),
): Promise<ScheduleConfigView> {
  const found = await activeOrderMode(db, orderModeId);
  return scheduleConfigPresent(found.orderMode, {
    timezone: found.branchContactTimezone ?? found.countryTimezone,
    now,
  });
}

/** `GET /api/ordermodes/{id}/generaldiscounts`. */
export async function orderModeGeneralDiscounts(
  db: Queryable,
  orderModeId: number,
): Promise<GeneralDiscountView[]> {
  const { orderMode, mantissaLength } = await activeOrderMode(db, orderModeId);
  const rows = await generalDiscountsOfOrderMode(db, orderMode.companyId, orderMode.id);
  return rows.map((row) => generalDiscountPresent(row, mantissaLength));
}

/** `GET /api/ordermodes/{id}/generalsurcharges`. */
export async function orderModeGeneralSurcharges(
  db: Queryable,
  orderModeId: number,
): Promise<SurchargeView[]> {
  const { orderMode, mantissaLength } = await activeOrderMode(db, orderModeId);
  const rows = await generalSurchargesOfOrderMode(db, orderMode.companyId, orderMode.id);
  return rows.map((row) => surchargePresent(row, mantissaLength));
}

/** `GET /api/ordermodes/{id}/fees`. */
export async function orderModeFees(db: Queryable, orderModeId: number): Promise<FeesView> {
  const { orderMode, mantissaLength } = await activeOrderMode(db, orderModeId);
  return feesPresent(orderMode, mantissaLength);
}
