/**
 * What the orders console shows of abandoned-cart recovery (ADR 028), the
 * figure a venue pays for: per location the staff member may see, carts
 * abandoned, messages sent and carts recovered into orders (with what those
 * orders came to), today (since the location's local midnight) and over the
 * last 30 days; and the location's delay before a message, which an owner sets.
 */
import {
  ABANDONED_CART_DELAY_MINUTES_MAX,
  ABANDONED_CART_DELAY_MINUTES_MIN,
  abandonedCartDelayValid,
} from '@comanda/domain/abandoned-cart';
import { moneyMinor, moneyToMajor } from '@comanda/domain/money';
import { zonedDate, zonedInstant } from '@comanda/domain/zoned-time';
import type { Queryable } from '../db/client';
import { forbidden, HttpError } from '../lib/http-error';
import {
  type AbandonedCartCounts,
  abandonedCartCounts,
  abandonedCartLocations,
} from '../repositories/abandoned-cart-figures-repository';
import { abandonedCartDelaySet } from '../repositories/abandoned-cart-repository';
import { consoleBranchContactCheck } from './console-service';
import type { StaffPrincipal } from './staff-auth-service';

/** (decision) The longer period of the figures: a rolling 30 days. */
export const ABANDONED_CART_FIGURES_DAYS = 30;

/** (ours) The console's refusals (staff voice: usted). */
export const abandonedCartConsoleMessages = {
  ownerOnly: 'Solo el dueño puede cambiar la espera de los mensajes de carritos abandonados',
  delayRange: `Indique entre ${ABANDONED_CART_DELAY_MINUTES_MIN} y ${ABANDONED_CART_DELAY_MINUTES_MAX} minutos`,
} as const;

/** One period's figures as the console reads them (money in major units, as everywhere in the API). */
export interface AbandonedCartPeriodView {
  from: string;
  to: string;
  abandoned: number;
  messagesSent: number;
  recovered: number;
  recoveredAmount: number;
}

export interface AbandonedCartLocationView {
  branchContactId: number;
  name: string;
  delayMinutes: number;
  today: AbandonedCartPeriodView;
  last30Days: AbandonedCartPeriodView;
}

const EMPTY: AbandonedCartCounts = { abandoned: 0, messagesSent: 0, recovered: 0, recoveredAmount: 0 };

/** `GET /api/console/abandoned-carts`: the figures of one location, or of every location the staff member may see. */
export async function abandonedCartFiguresGet(
  db: Queryable,
  staff: StaffPrincipal,
  input: { branchContactId?: number | undefined; now: number },
): Promise<{ locations: AbandonedCartLocationView[] }> {
  if (input.branchContactId !== undefined) await consoleBranchContactCheck(db, staff, input.branchContactId);
  const ids = input.branchContactId !== undefined ? [input.branchContactId] : [...staff.branchContactIds];
  const locations = await abandonedCartLocations(db, staff.companyId, ids);
  const to = new Date(input.now);
  const monthFrom = new Date(input.now - ABANDONED_CART_FIGURES_DAYS * 24 * 3_600_000);
  const month = await abandonedCartCounts(db, staff.companyId, ids, monthFrom, to);
  // "Today" depends on each location's zone: locations sharing one are counted together.
  const todayFromOf = (timeZone: string) => zonedInstant(zonedDate(input.now, timeZone), 0, timeZone).instant;
  const zones = new Map<string, number[]>();
  for (const location of locations)
    zones.set(location.timeZone, [...(zones.get(location.timeZone) ?? []), location.id]);
  const today = new Map<number, AbandonedCartCounts>();
  for (const [zone, zoneIds] of zones) {
    const counts = await abandonedCartCounts(db, staff.companyId, zoneIds, new Date(todayFromOf(zone)), to);
    for (const [id, value] of counts) today.set(id, value);
  }
  const period = (
    counts: AbandonedCartCounts | undefined,
    from: Date,
    mantissa: number,
  ): AbandonedCartPeriodView => {
    const value = counts ?? EMPTY;
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      abandoned: value.abandoned,
      messagesSent: value.messagesSent,
      recovered: value.recovered,
      recoveredAmount: moneyToMajor(moneyMinor(value.recoveredAmount), mantissa),
    };
  };
  return {
    locations: locations.map((location) => ({
      branchContactId: location.id,
      name: location.name,
      delayMinutes: location.delayMinutes,
      today: period(
        today.get(location.id),
        new Date(todayFromOf(location.timeZone)),
        location.mantissaLength,
      ),
      last30Days: period(month.get(location.id), monthFrom, location.mantissaLength),
    })),
  };
}

/** `PUT /api/console/abandoned-carts/{branchContactId}/delay`: an owner sets the location's delay. */
export async function abandonedCartDelayUpdate(
  db: Queryable,
  staff: StaffPrincipal,
  input: { branchContactId: number; delayMinutes: number },
): Promise<{ branchContactId: number; delayMinutes: number }> {
  await consoleBranchContactCheck(db, staff, input.branchContactId);
  if (staff.role !== 'OWNER') throw forbidden(abandonedCartConsoleMessages.ownerOnly);
  if (!abandonedCartDelayValid(input.delayMinutes)) {
    const message = abandonedCartConsoleMessages.delayRange;
    throw new HttpError(400, `delayMinutes: ${message}`, { delayMinutes: message });
  }
  await abandonedCartDelaySet(db, staff.companyId, input.branchContactId, input.delayMinutes);
  return { branchContactId: input.branchContactId, delayMinutes: input.delayMinutes };
}
