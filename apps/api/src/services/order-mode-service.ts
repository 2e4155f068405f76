/**
 * Reads keyed by an order mode id: schedule configuration, general discounts,
 * general surcharges and service fees. Only active modes are readable; their
 * company scopes the queries that follow. The rows are kept in the content
 * cache (content-cache.ts), so a hit sends no query; what depends on the
 * clock (the schedule's "now") is computed per request from them.
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
import { contentCached } from './content-cache';

async function activeOrderModeLoad(db: Queryable, orderModeId: number) {
  const found = await orderModeActiveFind(db, orderModeId);
  if (!found) throw notFound(`No existe el modo de pedido ${orderModeId}`);
  return found;
}

/** The company of an active order mode, or undefined (then the uncached read answers the 404). */
async function companyOfOrderMode(db: Queryable, orderModeId: number): Promise<number | undefined> {
  return (await orderModeActiveFind(db, orderModeId))?.orderMode.companyId;
}

function activeOrderMode(db: Queryable, orderModeId: number) {
  return contentCached(
    db,
    `order-mode:${orderModeId}`,
    () => companyOfOrderMode(db, orderModeId),
    () => activeOrderModeLoad(db, orderModeId),
  );
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
  return contentCached(
    db,
    `order-mode-discounts:${orderModeId}`,
    () => companyOfOrderMode(db, orderModeId),
    async () => {
      const { orderMode, mantissaLength } = await activeOrderModeLoad(db, orderModeId);
      const rows = await generalDiscountsOfOrderMode(db, orderMode.companyId, orderMode.id);
      return rows.map((row) => generalDiscountPresent(row, mantissaLength));
    },
  );
}

/** `GET /api/ordermodes/{id}/generalsurcharges`. */
export async function orderModeGeneralSurcharges(
  db: Queryable,
  orderModeId: number,
): Promise<SurchargeView[]> {
  return contentCached(
    db,
    `order-mode-surcharges:${orderModeId}`,
    () => companyOfOrderMode(db, orderModeId),
    async () => {
      const { orderMode, mantissaLength } = await activeOrderModeLoad(db, orderModeId);
      const rows = await generalSurchargesOfOrderMode(db, orderMode.companyId, orderMode.id);
      return rows.map((row) => surchargePresent(row, mantissaLength));
    },
  );
}

/** `GET /api/ordermodes/{id}/fees`. */
export async function orderModeFees(db: Queryable, orderModeId: number): Promise<FeesView> {
  const { orderMode, mantissaLength } = await activeOrderMode(db, orderModeId);
  return feesPresent(orderMode, mantissaLength);
}
