/**
 * The staff session in this tab, shared by the orders console and the venue
 * management screens (a link between them keeps it): the token and its expiry in sessionStorage
 * (closing the tab signs out; the server's session lasts 12 h at most). The
 * server is the authority on expiry: a stored session is kept on read whatever
 * the device's clock says, and the first call answered 401 ends it (a tablet
 * whose clock is off by a day must not be locked out of a valid session).
 */
import { useSyncExternalStore } from 'react';

export type StaffRole = 'OWNER' | 'STAFF';

export interface Staff {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  companyId: number;
  branchContacts: { id: number; alias: string; name: string }[];
}

export interface StaffSession {
  token: string;
  expiresAt: string;
  staff: Staff;
}

const KEY = 'comanda.console.session';
const listeners = new Set<() => void>();
let current: StaffSession | null = read();

function read(): StaffSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as StaffSession;
    if (!session.token) {
      sessionStorage.removeItem(KEY);
      return null;
    }
    return session;
  } catch {
    return null;
  }
}

export function staffSessionSet(session: StaffSession | null): void {
  current = session;
  try {
    if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage blocked: the session lasts for this page only.
  }
  for (const listener of listeners) listener();
}

export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/**
 * Milliseconds until the session's expiry by this device's clock, or null when
 * that clock cannot be trusted for it: a session the server just handed out
 * (or that the server still accepts) already "expired" means the device's clock
 * runs ahead of the server's. The server's 401 ends the session then.
 */
export function staffSessionLeftMs(session: StaffSession, now: number): number | null {
  const left = Date.parse(session.expiresAt) - now;
  return Number.isFinite(left) && left > 0 ? left : null;
}
