/**
 * A moment as the product writes it (COPY.md "Formats"): in the location's time
 * zone, never the device's, in 24 h; the day only when it is not today.
 */
import { scheduleMessages } from './messages';
import { zonedParts } from './zoned-time';

const DAY_MS = 86_400_000;
const two = (value: number) => String(value).padStart(2, '0');

/** '21:30' today; 'ayer 21:30', 'mañana 21:30'; 'viernes 20/11, 21:30' on another day; '' for no date. */
export function zonedMomentText(at: number | string | Date, timeZone: string, now: number): string {
  const instant = typeof at === 'string' ? Date.parse(at) : typeof at === 'number' ? at : at.getTime();
  if (!Number.isFinite(instant)) return '';
  const parts = zonedParts(instant, timeZone);
  const time = `${two(parts.hour)}:${two(parts.minute)}`;
  const sameDay = (other: number) => {
    const day = zonedParts(other, timeZone);
    return day.year === parts.year && day.month === parts.month && day.day === parts.day;
  };
  if (sameDay(now)) return time;
  if (sameDay(now - DAY_MS)) return `ayer ${time}`;
  if (sameDay(now + DAY_MS)) return `mañana ${time}`;
  return `${scheduleMessages.dayNames[parts.dayOfWeek].toLowerCase()} ${parts.day}/${parts.month}, ${time}`;
}
