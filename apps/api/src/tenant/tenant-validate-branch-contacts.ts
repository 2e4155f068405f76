/** Tenant-file rules for a branch contact (location): its time zone, delivery zones and order modes. */

import {
  type DeliveryZonePolygonProblem,
  deliveryZonePolygonProblem,
  type GeoRing,
} from '@comanda/domain/delivery-zone-polygon';
import { localDateParse } from '@comanda/domain/zoned-time';
import { type FileChecks, type Loose, num, rec, recs, str, timezoneValid } from './tenant-validate-checks';

const POLYGON_PROBLEMS: Record<DeliveryZonePolygonProblem, string> = {
  open: 'is not closed: the last point must repeat the first',
  tooFewPoints: 'a closed polygon needs at least 3 distinct points (the last repeats the first)',
  selfIntersecting: 'its edges cross or touch each other: draw the outline without crossing itself',
};

// The schema pass reports malformed points; the shape rules read only well-formed ones.
const pointValid = (point: unknown) =>
  Array.isArray(point) && point.length === 2 && point.every((value) => typeof value === 'number');

export function branchContactCheck(
  check: FileChecks,
  path: string,
  contact: Loose,
  menuKeys: Set<string>,
): void {
  const zone = str(contact.timezone);
  if (zone !== undefined && !timezoneValid(zone))
    check.error(`${path}.timezone`, `unknown time zone "${zone}"`);

  for (const [z, deliveryZone] of recs(rec(contact.deliveryConfig)?.deliveryZones)) {
    const zonePath = `${path}.deliveryConfig.deliveryZones[${z}]`;
    const hasRadius = deliveryZone.radiusMeters !== undefined;
    const hasPolygon = deliveryZone.polygon !== undefined;
    if (hasRadius === hasPolygon) {
      check.error(zonePath, 'needs either radiusMeters or polygon (one of the two)');
    }
    if (Array.isArray(deliveryZone.polygon) && deliveryZone.polygon.every(pointValid)) {
      const problem = deliveryZonePolygonProblem(deliveryZone.polygon as GeoRing);
      if (problem) check.error(`${zonePath}.polygon`, POLYGON_PROBLEMS[problem]);
    }
    for (const field of ['fee', 'cashFee', 'minimumOrderPrice', 'freeDeliveryFrom']) {
      check.money(`${zonePath}.${field}`, deliveryZone[field]);
    }
  }

  const modes = recs(contact.orderModes);
  check.unique(
    modes.map(([o, mode]) => [`${path}.orderModes[${o}].key`, mode.key]),
    'order mode key in this branch contact',
  );
  for (const [o, mode] of modes) {
    const modePath = `${path}.orderModes[${o}]`;
    const menu = str(mode.menu);
    if (menu !== undefined && !menuKeys.has(menu)) {
      check.error(`${modePath}.menu`, `no menu with key "${menu}" in this branch`);
    }
    const min = num(mode.minDelayInMinutes);
    const max = num(mode.maxDelayInMinutes);
    if (min !== undefined && max !== undefined && max < min) {
      check.error(`${modePath}.maxDelayInMinutes`, `must be at least minDelayInMinutes (${min})`);
    }
    for (const [s, schedule] of recs(mode.schedules)) {
      for (const [k, config] of recs(schedule.scheduleConfigs)) {
        const configPath = `${modePath}.schedules[${s}].scheduleConfigs[${k}]`;
        const days = recs(config.workingDays);
        check.unique(
          days.map(([d, day]) => [`${configPath}.workingDays[${d}].dayOfWeek`, day.dayOfWeek]),
          'day (list its hours in one entry)',
        );
        for (const [d, day] of days) {
          workingHoursCheck(check, `${configPath}.workingDays[${d}]`, day);
        }
      }
    }
    const specialDays = recs(mode.specialDays);
    check.unique(
      specialDays.map(([d, day]) => [`${modePath}.specialDays[${d}].date`, day.date]),
      'special day (list its hours in one entry)',
    );
    for (const [d, day] of specialDays) {
      const date = str(day.date);
      // A text not shaped YYYY-MM-DD already has the schema's message.
      if (date !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(date) && localDateParse(date) === null) {
        check.error(`${modePath}.specialDays[${d}].date`, `"${date}" is not a calendar date (YYYY-MM-DD)`);
      }
      workingHoursCheck(check, `${modePath}.specialDays[${d}]`, day);
    }
    check.unique(
      recs(mode.paymentTypes).map(([t, type]) => [`${modePath}.paymentTypes[${t}].key`, type.key]),
      'payment type key in this order mode',
    );
    const fees = rec(mode.fees);
    check.money(`${modePath}.fees.userFee`, fees?.userFee);
    check.percent(`${modePath}.fees.percentageUserFee`, fees?.percentageUserFee);
    for (const [d, discount] of recs(mode.generalDiscounts)) {
      check.valueDiscount(`${modePath}.generalDiscounts[${d}]`, discount);
    }
    for (const [d, surcharge] of recs(mode.generalSurcharges)) {
      check.valueDiscount(`${modePath}.generalSurcharges[${d}]`, surcharge);
    }
  }
  check.unique(
    recs(contact.riders).map(([r, rider]) => [`${path}.riders[${r}].phone`, rider.phone]),
    'rider phone in this branch contact',
  );
}

/** A day's shifts (a weekday's or a special day's): a shift's end differs from its start. */
function workingHoursCheck(check: FileChecks, dayPath: string, day: Loose): void {
  for (const [h, hours] of recs(day.workingHours)) {
    if (str(hours.startAt) !== undefined && hours.startAt === hours.endAt) {
      check.error(
        `${dayPath}.workingHours[${h}].endAt`,
        'must differ from startAt (an endAt earlier than startAt runs past midnight)',
      );
    }
  }
}
