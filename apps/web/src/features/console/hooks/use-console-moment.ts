/**
 * Every time the console shows is in the location's time zone (COPY.md
 * "Formats"), never the device's: a tablet set to another zone, or a manager
 * checking from abroad, reads the hour the kitchen reads. The zone comes with
 * the location (`timeZone` of `/api/console/branchcontacts`).
 */
import { zonedMomentText } from '@comanda/domain/zoned-moment';
import { createContext, useContext } from 'react';

/** The IANA zone of the location on screen; the console provides it around a location's views. */
export const ConsoleZoneContext = createContext<string | null>(null);

/** '21:30' today, 'mañana 21:30', 'viernes 3/1, 21:30' — in the location's zone. */
export function useConsoleMoment(): (at: string) => string {
  const zone = useContext(ConsoleZoneContext);
  // No silent fallback to the device's zone: that is the mistake this exists to prevent.
  if (!zone) throw new Error('useConsoleMoment needs a ConsoleZoneContext around it');
  return (at) => zonedMomentText(at, zone, Date.now());
}
