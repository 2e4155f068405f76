/**
 * Sold out now (issue 19, ADR 052): what a location cannot sell at an instant,
 * and what a cart holds of it.
 *
 * A mark names an item by key, not by id, so it holds in every menu the
 * location serves: a plate (`plateKey`), one size of a plate
 * (`plateKey/sizeKey`) or a garnish item (`groupKey/itemKey`). A mark with
 * `until` is over at that instant ("por hoy": the location's next opening,
 * `soldOutUntilToday`); without it, until someone switches it back.
 *
 * The menu the diner reads carries `soldOut: true` on what is sold out; the
 * cart, the checkout and the server's placement all ask `soldOutCartProblems`
 * of the same menu, so they refuse with the same words.
 */
import { soldOutMessages } from './messages';
import { scheduleShifts } from './schedule';
import type { CartItem, Plate, Schedule } from './types';
import { localDateAddDays, localDateDayOfWeek, toEpoch, zonedDate, zonedInstant } from './zoned-time';

export const SOLD_OUT_KINDS = ['PLATE', 'SIZE', 'GARNISH_ITEM'] as const;
export type SoldOutKind = (typeof SOLD_OUT_KINDS)[number];

/** A mark as stored: `until` in epoch ms, or null for "until switched back". */
export interface SoldOutMark {
  kind: SoldOutKind;
  itemKey: string;
  until: number | null;
}

/** The keys sold out at an instant, by kind. */
export interface SoldOutKeys {
  plates: ReadonlySet<string>;
  /** `plateKey/sizeKey`. */
  sizes: ReadonlySet<string>;
  /** `groupKey/itemKey`. */
  garnishItems: ReadonlySet<string>;
}

/** Whether a mark still holds at `now`: no `until`, or `until` still ahead. */
export function soldOutMarkActive(mark: Pick<SoldOutMark, 'until'>, now: number | Date): boolean {
  return mark.until === null || mark.until > toEpoch(now);
}

/** The keys the marks make sold out at `now` (marks whose `until` passed are ignored). */
export function soldOutKeys(marks: readonly SoldOutMark[], now: number | Date): SoldOutKeys {
  const plates = new Set<string>();
  const sizes = new Set<string>();
  const garnishItems = new Set<string>();
  for (const mark of marks) {
    if (!soldOutMarkActive(mark, now)) continue;
    if (mark.kind === 'PLATE') plates.add(mark.itemKey);
    else if (mark.kind === 'SIZE') sizes.add(mark.itemKey);
    else garnishItems.add(mark.itemKey);
  }
  return { plates, sizes, garnishItems };
}

/** The key a SIZE or GARNISH_ITEM mark names: `parentKey/childKey`. */
export function soldOutItemKey(parentKey: string, childKey: string): string {
  return `${parentKey}/${childKey}`;
}

/** Whether there is anything sold out at all (the menu is then sent as it was). */
export function soldOutAny(keys: SoldOutKeys): boolean {
  return keys.plates.size + keys.sizes.size + keys.garnishItems.size > 0;
}

/** A cart line that holds something sold out, with what the diner reads. */
export interface SoldOutLineProblem {
  /** The line's index in the cart. */
  index: number;
  kind: SoldOutKind;
  message: string;
}

/**
 * The lines of a cart that hold a sold-out plate, size or garnish item of the
 * menu, each with its message (one per line: the plate first, then its size,
 * then the first sold-out garnish item). Lines whose plate is not in the menu
 * are left to the menu's own checks.
 */
export function soldOutCartProblems(
  items: readonly Pick<CartItem, 'referenceId' | 'sizeId' | 'extras' | 'name'>[],
  platesById: ReadonlyMap<string, Plate>,
): SoldOutLineProblem[] {
  const problems: SoldOutLineProblem[] = [];
  items.forEach((item, index) => {
    const plate = platesById.get(item.referenceId);
    if (!plate) return;
    const name = plate.showName || item.name;
    if (plate.soldOut) {
      problems.push({ index, kind: 'PLATE', message: soldOutMessages.plate(name) });
      return;
    }
    const size = item.sizeId ? plate.sizes?.find((candidate) => candidate.id === item.sizeId) : undefined;
    if (size?.soldOut) {
      problems.push({ index, kind: 'SIZE', message: soldOutMessages.size(name, size.name) });
      return;
    }
    for (const chosen of item.extras) {
      const group = plate.garnishGroups?.find((candidate) => candidate.groupId === chosen.groupId);
      for (const choice of chosen.groupItems) {
        const garnish = group?.groupItems.find((candidate) => candidate.id === choice.referenceId);
        if (garnish?.soldOut) {
          problems.push({
            index,
            kind: 'GARNISH_ITEM',
            message: soldOutMessages.garnishItem(name, garnish.name),
          });
          return;
        }
      }
    }
  });
  return problems;
}

/** How far ahead the next opening is looked for (a week of shifts, and the day before for one under way). */
const SOLD_OUT_DAYS_AHEAD = 8;

/** Shifts of every schedule as merged instants `[start, end)`, from the day before `now`'s on. */
function openIntervals(schedulesByMode: readonly (readonly Schedule[])[], at: number, timeZone: string) {
  const today = zonedDate(at, timeZone);
  const intervals: [number, number][] = [];
  for (let offset = -1; offset <= SOLD_OUT_DAYS_AHEAD; offset++) {
    const date = localDateAddDays(today, offset);
    for (const schedules of schedulesByMode) {
      for (const shift of scheduleShifts(schedules, localDateDayOfWeek(date))) {
        const start = zonedInstant(date, shift.start, timeZone).instant;
        const end = zonedInstant(date, shift.end, timeZone).instant;
        if (end > start) intervals.push([start, end]);
      }
    }
  }
  intervals.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // Shifts that touch or overlap (lunch of one mode, lunch of another; 12–16 and 16–20) are one service.
  const merged: [number, number][] = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push([...interval]);
  }
  return merged;
}

/**
 * (decision, ADR 052) When a mark "por hoy" ends: the location's next opening
 * after the service under way (or after now, when closed) — the first start of
 * a shift of any of its order modes (`schedulesByMode`, one list per mode)
 * after the merged open period that holds `now`. A location with no shift in
 * the coming week: the next local midnight.
 */
export function soldOutUntilToday(
  schedulesByMode: readonly (readonly Schedule[])[],
  now: number | Date,
  timeZone: string,
): number {
  const at = toEpoch(now);
  for (const [start, end] of openIntervals(schedulesByMode, at, timeZone)) {
    if (start > at) return start;
    if (end > at) continue; // the service under way: the mark holds until the next one opens
  }
  return zonedInstant(localDateAddDays(zonedDate(at, timeZone), 1), 0, timeZone).instant;
}
