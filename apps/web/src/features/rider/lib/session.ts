/**
 * The rider's shift session on this device: the token the server gave when
 * the shift started (`session.token`), kept in localStorage under the
 * company's key (lib/storage-scope.ts) and the location's id, so a shift
 * survives closing the app for the whole of its hours and two companies on
 * one origin never read each other's. Never in a URL. The server decides
 * when it ends: a 401 ends it here too.
 *
 * Between the phone step and the code step the page keeps who the phone
 * belongs to (name, id) in sessionStorage, so a reload stays on the step.
 */
import { storageKey } from '../../../lib/storage-scope';

export interface RiderSession {
  token: string;
  expiresAt: string;
  riderId: number;
  name: string;
  phone: string;
}

/** Who typed their phone on the phone step (the rider found, or only the phone to register). */
export interface RiderPending {
  phone: string;
  riderId: number | null;
  name: string | null;
  active: boolean;
}

const sessionKey = (branchContactId: number) => storageKey(`comanda.rider.session.${branchContactId}`);
const pendingKey = (branchContactId: number) => storageKey(`comanda.rider.pending.${branchContactId}`);

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked: the value lasts for this page only (the caller keeps it in state).
  }
}

/** The shift session at this location, if one was started on this device. */
export function riderSessionGet(branchContactId: number): RiderSession | null {
  const session = readJson<RiderSession>(localStorage, sessionKey(branchContactId));
  return session && typeof session.token === 'string' && session.token ? session : null;
}

export function riderSessionSet(branchContactId: number, session: RiderSession | null): void {
  writeJson(localStorage, sessionKey(branchContactId), session);
}

export function riderPendingGet(branchContactId: number): RiderPending | null {
  return readJson<RiderPending>(sessionStorage, pendingKey(branchContactId));
}

export function riderPendingSet(branchContactId: number, pending: RiderPending | null): void {
  writeJson(sessionStorage, pendingKey(branchContactId), pending);
}

const LAST_LOCATION_KEY = 'comanda.rider.lastLocation';

/**
 * The location whose rider pages this device opened last: where the installed
 * app (rider.webmanifest, start_url /logistics/) opens. Only the public alias,
 * outside any company's key, since the start page does not know the company yet.
 */
export function riderLastLocationSet(alias: string): void {
  try {
    localStorage.setItem(LAST_LOCATION_KEY, alias);
  } catch {
    // Storage blocked: the installed app opens on the not-found page.
  }
}

export function riderLastLocationGet(): string | null {
  try {
    return localStorage.getItem(LAST_LOCATION_KEY);
  } catch {
    return null;
  }
}
