/**
 * The signed-in diner of the company on screen (ADR 018): the session token
 * that `POST /api/orderingcustomer/session` answered, the phone it was opened
 * for and the name last read. Kept in localStorage per company
 * (`comanda.customerSession@brasa`, ADR 017) until it expires or the diner
 * signs out; the token is the credential, never the phone.
 *
 * Every read of the customer's own data goes through `customerSessionRequest`,
 * which sends the token as `X-Customer-Session` and forgets it when the API
 * no longer accepts it (401), so a session ended elsewhere shows signed out.
 * The account menu, 'Mis pedidos' and the checkout share it from here without
 * importing the account feature.
 */
import { useSyncExternalStore } from 'react';
import { ApiError, apiRequest, type RequestOptions } from '../lib/api-client';
import { storageKey, storageScopeOnChange } from '../lib/storage-scope';

export const CUSTOMER_SESSION_STORAGE_KEY = 'comanda.customerSession';
/** The header the token travels in (ADR 018: Authorization carries a partner's token on orders). */
export const CUSTOMER_SESSION_HEADER = 'X-Customer-Session';

export interface CustomerSession {
  token: string;
  /** E.164, as the API answered it. */
  phone: string;
  /** The phone as the diner reads it ('+54 9 11 5555 2020'), formatted when signing in. */
  phoneDisplay: string;
  expiresAt: string;
  /** The customer's name as last read; null until read, or when the venue has none. */
  name: string | null;
}

const listeners = new Set<() => void>();
let session: CustomerSession | null = null;

function notify() {
  for (const listener of listeners) listener();
}

function save() {
  try {
    if (session) localStorage.setItem(storageKey(CUSTOMER_SESSION_STORAGE_KEY), JSON.stringify(session));
    else localStorage.removeItem(storageKey(CUSTOMER_SESSION_STORAGE_KEY));
  } catch {
    // Storage blocked: signed in for this page only.
  }
}

function load(): CustomerSession | null {
  try {
    const stored = localStorage.getItem(storageKey(CUSTOMER_SESSION_STORAGE_KEY));
    const parsed = stored ? (JSON.parse(stored) as CustomerSession) : null;
    if (!parsed || typeof parsed.token !== 'string' || Date.parse(parsed.expiresAt) <= Date.now()) {
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

// Each company keeps its own diner: opening another company's storefront reads that one's.
storageScopeOnChange(() => {
  session = load();
  notify();
});

/** The session of the company on screen, outside React (an order that redeems points). */
export function customerSessionGet(): CustomerSession | null {
  if (session && Date.parse(session.expiresAt) <= Date.now()) customerSessionForget();
  return session;
}

/** A sign-in succeeded: kept for this company. */
export function customerSessionStart(next: Omit<CustomerSession, 'name'>): void {
  session = { ...next, name: null };
  save();
  notify();
}

/** The customer's data was read: the greeting follows the name. */
export function customerSessionNameSet(name: string | null): void {
  if (!session || session.name === name) return;
  session = { ...session, name };
  save();
  notify();
}

/** Forgets the session here (signed out, or refused by the API). */
export function customerSessionForget(): void {
  if (!session) return;
  session = null;
  save();
  notify();
}

/**
 * A call of the signed-in customer: the token in its header; a 401 (ended,
 * expired, unknown) forgets it before the error reaches the caller.
 */
export async function customerSessionRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const current = customerSessionGet();
  if (!current) throw new ApiError(401, 'Inicia sesión con tu teléfono', undefined);
  try {
    return await apiRequest<T>(path, {
      ...options,
      headers: { ...options.headers, [CUSTOMER_SESSION_HEADER]: current.token },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && session?.token === current.token) {
      customerSessionForget();
    }
    throw error;
  }
}

/** The signed-in customer of the company on screen, for components; null when signed out. */
export function useCustomerSession(): CustomerSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => session,
  );
}
