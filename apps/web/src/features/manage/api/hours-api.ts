/**
 * The 'Horarios' tab's calls (ADR 054): a location's order modes as the
 * tenant file has them, and their save over the version they were read at.
 */
import { apiRequest } from '../../../lib/api-client';
import { bearer } from './manage-api';

export interface HoursShift {
  startAt: string;
  endAt: string;
}

export interface HoursSchedule {
  scheduleConfigs: { workingDays: { dayOfWeek: string; workingHours: HoursShift[] }[] }[];
}

export interface HoursSpecialDay {
  date: string;
  workingHours: HoursShift[];
}

/** An order mode in the tenant format; fields not edited here travel back untouched. */
export interface HoursMode {
  key: string;
  type: string;
  showName: string;
  active: boolean;
  orderEnabled: boolean;
  useSchedule: boolean;
  minDelayInMinutes: number;
  maxDelayInMinutes: number;
  schedules: HoursSchedule[];
  specialDays?: HoursSpecialDay[];
  fees: { userFee: number; percentageUserFee: number };
  [other: string]: unknown;
}

export interface HoursRead {
  version: string;
  timeZone: string;
  orderModes: HoursMode[];
}

const path = (branchContactId: number) => `/console/branchcontacts/${branchContactId}/order-modes`;

export function hoursGet(token: string, branchContactId: number): Promise<HoursRead> {
  return apiRequest<HoursRead>(path(branchContactId), { headers: bearer(token) });
}

export function hoursSave(
  token: string,
  branchContactId: number,
  body: { version: string; orderModes: HoursMode[] },
): Promise<HoursRead & { changed: boolean }> {
  return apiRequest(path(branchContactId), { method: 'PUT', headers: bearer(token), body });
}
