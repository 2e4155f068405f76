/**
 * Order mode reads → JSON: general discounts and surcharges, service fees and
 * the schedule configuration (ordering §3 "Schedule config", "Fees response").
 *
 * Slots are computed by packages/domain (`scheduleDays`): the same function the
 * storefront runs and the order endpoint re-checks `scheduledAt` with, so the
 * three never disagree. The response adds the raw schedules and the branch
 * contact's time zone so a client can recompute as time passes.
 */
import { SCHEDULE_SLOT_STEP_MINUTES, scheduleConfigResponse, scheduleDays } from '@comanda/domain/schedule';
import { minutes } from '@comanda/domain/types';
import type {
  GeneralDiscountRow,
  GeneralSurchargeRow,
  OrderModeRow,
} from '../repositories/order-mode-repository';
import type { FeesView, GeneralDiscountView, ScheduleConfigView, SurchargeView } from '../schemas/diner';
import { major } from './present-utils';
import { schedulesPresent, specialDaysPresent } from './tenant-presenter';

/** PERCENT values are percents; FIXED values are minor units in the database and major units outside. */
function valuePresent(type: 'PERCENT' | 'FIXED', value: number, mantissaLength: number): number {
  return type === 'FIXED' ? major(Math.round(value), mantissaLength) : value;
}

export function generalDiscountPresent(row: GeneralDiscountRow, mantissaLength: number): GeneralDiscountView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    value: valuePresent(row.type, row.value, mantissaLength),
    priority: row.priority,
  };
}

export function surchargePresent(row: GeneralSurchargeRow, mantissaLength: number): SurchargeView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    value: valuePresent(row.type, row.value, mantissaLength),
  };
}

/** Service fee = `userFee` + `percentageUserFee` % of the amount (computed by domain). */
export function feesPresent(row: OrderModeRow, mantissaLength: number): FeesView {
  return { userFee: major(row.userFee, mantissaLength), percentageUserFee: row.percentageUserFee };
}

/**
 * The schedule configuration of an order mode at `now`
 * (`GET /api/ordermode/schedule/{orderModeId}`): the days and slots a diner may
 * schedule for, with today's slots at least `minDelayInMinutes` ahead.
 */
export function scheduleConfigPresent(
  row: OrderModeRow,
  context: { timezone: string; now: Date },
): ScheduleConfigView {
  const schedules = schedulesPresent(row.schedules);
  const days = scheduleDays(schedules, {
    now: context.now,
    timeZone: context.timezone,
    minDelayInMinutes: minutes(row.minDelayInMinutes),
    specialDays: row.specialDays,
  });
  const { schedulerDaysInfo, datesBetween } = scheduleConfigResponse(days);
  return {
    orderModeId: row.id,
    useSchedule: row.useSchedule,
    minDelayInMinutes: row.minDelayInMinutes,
    maxDelayInMinutes: row.maxDelayInMinutes,
    timezone: context.timezone,
    slotMinutes: SCHEDULE_SLOT_STEP_MINUTES,
    schedulerDaysInfo,
    datesBetween,
    schedules,
    specialDays: specialDaysPresent(row.specialDays),
  };
}
