/**
 * What the console shows an owner of the storefront's error reports
 * (`POST /api/diner/log`, ADR 041): the company's newest entries, short enough
 * to read at a glance. Staff are refused: the reports carry page addresses and,
 * for address failures, the address the diner typed, which only the owner needs.
 */
import type { Queryable } from '../db/client';
import { forbidden } from '../lib/http-error';
import { clientLogLocationNames, clientLogRecentFind } from '../repositories/client-log-repository';
import type { StaffPrincipal } from './staff-auth-service';

/** (decision, ADR 041) The list holds at most this many entries… */
export const CLIENT_LOG_CONSOLE_LIMIT = 50;
/** …of at most this many days. */
export const CLIENT_LOG_CONSOLE_DAYS = 7;
/** Longest detail line shown. */
const DETAIL_MAX = 500;

/** (ours) The console's refusal (staff voice: usted). */
export const clientLogConsoleMessages = {
  ownerOnly: 'Solo el dueño puede ver los errores del cliente',
} as const;

export interface ClientLogConsoleEntry {
  id: number;
  createdAt: string;
  branchContactId: number | null;
  /** The location's name; null when the entry names none of the company's. */
  locationName: string | null;
  url: string | null;
  component: string | null;
  message: string;
  /** The rest of the report's payload as short JSON; null when there is none. */
  detail: string | null;
  address: string | null;
  coordinates: { lat: number; lng: number } | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** What a report says went wrong: its payload's message, else its stack's first line. */
function messageOf(payload: Record<string, unknown>, inner: unknown): string {
  const fromPayload = inner && typeof inner === 'object' ? (inner as { message?: unknown }).message : null;
  return text(fromPayload) ?? text(inner) ?? text(payload.stack)?.split('\n')[0] ?? '';
}

function detailOf(inner: unknown): string | null {
  if (!inner || typeof inner !== 'object') return null;
  const { message: _shown, ...rest } = inner as Record<string, unknown>;
  if (Object.keys(rest).length === 0) return null;
  const json = JSON.stringify(rest);
  return json.length <= DETAIL_MAX ? json : `${json.slice(0, DETAIL_MAX)}…`;
}

/** A stored address is free-form (ordering §7 names the field, not its shape): one readable line. */
function addressOf(value: unknown): string | null {
  if (typeof value === 'string') return text(value);
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const full = text(record.fullAddress);
  if (full) return full;
  const parts = Object.values(record).filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.length > 0 ? parts.join(', ') : null;
}

function coordinatesOf(value: unknown): { lat: number; lng: number } | null {
  if (!value || typeof value !== 'object') return null;
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng)
    ? { lat, lng }
    : null;
}

/** `GET /api/console/client-logs`: the owner's company's newest client errors. */
export async function clientLogConsoleList(
  db: Queryable,
  staff: StaffPrincipal,
  now: number,
): Promise<{ logs: ClientLogConsoleEntry[] }> {
  if (staff.role !== 'OWNER') throw forbidden(clientLogConsoleMessages.ownerOnly);
  const rows = await clientLogRecentFind(db, {
    companyId: staff.companyId,
    since: new Date(now - CLIENT_LOG_CONSOLE_DAYS * 24 * 60 * 60 * 1000),
    limit: CLIENT_LOG_CONSOLE_LIMIT,
  });
  const ids = new Set<number>();
  for (const row of rows) if (typeof row.payload.bcId === 'number') ids.add(row.payload.bcId);
  const names = await clientLogLocationNames(db, staff.companyId, [...ids]);
  return {
    logs: rows.map((row) => {
      const bcId = typeof row.payload.bcId === 'number' ? row.payload.bcId : null;
      return {
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        branchContactId: bcId,
        locationName: bcId === null ? null : (names.get(bcId) ?? null),
        url: text(row.payload.url),
        component: text(row.payload.component),
        message: messageOf(row.payload, row.payload.payload),
        detail: detailOf(row.payload.payload),
        address: addressOf(row.payload.address),
        coordinates: coordinatesOf(row.payload.coordinates),
      };
    }),
  };
}
