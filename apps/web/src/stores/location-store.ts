/**
 * The diner's location (ordering §3 "User location") and the delivery info of
 * it for the branch contact on screen (§3, §4 "Delivery info"). The address
 * modal sets the location; the branch header, cart and checkout read both.
 *
 * The location is kept in localStorage and restored on the next visit with
 * `fromLocalStorage: true` (§4 "Persistence"). Delivery info is fetched from
 * `GET /api/branch/{id}/deliveryzones/fee` once there are coordinates and a
 * full address (`addressFeeLookup`); the caller asks for it when the mode is
 * delivery. Money arrives in major units and is kept as `Minor`.
 */
import {
  ADDRESS_COMPLEX_INPUT_ALIASES,
  addressFeeLookup,
  addressForcedFieldsMissing,
  addressUsesComplexInputs,
  type UserLocation,
} from '@comanda/domain/address';
import { moneyToMinor } from '@comanda/domain/money';
import type { DeliveryInfo } from '@comanda/domain/types';
import { useSyncExternalStore } from 'react';
import { apiRequest } from '../lib/api-client';
import { clientLogReport } from '../lib/client-log';
import { storageKey, storageScopeOnChange } from '../lib/storage-scope';

export type { UserLocation };

export const LOCATION_STORAGE_KEY = 'comanda.location';
/** A stored address older than this is not restored: people move, and it is personal data. */
export const LOCATION_STORAGE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The delivery info of the current location, with the spec's generic load states. */
export interface DeliveryInfoState {
  status: 'idle' | 'loading' | 'success' | 'error';
  info?: DeliveryInfo;
  /** The branch contact the info (or the request) is for. */
  branchContactId?: number;
}

export interface LocationState {
  location: UserLocation | null;
  deliveryInfo: DeliveryInfoState;
}

/** The API's delivery info (apps/api `DeliveryInfoSchema`): money in major units, `null` for no value. */
interface ApiDeliveryInfo {
  fee: number;
  cashFee: number | null;
  minimumOrderPrice: number | null;
  freeDeliveryFrom: number | null;
  insideDeliveryArea: boolean;
  providersFailed: boolean;
  ownLogistics: boolean;
  cashAvailable: boolean;
  zoneName: string | null;
}

interface StoredLocation {
  savedAt: number;
  location: UserLocation;
}

const IDLE: DeliveryInfoState = { status: 'idle' };
const listeners = new Set<() => void>();
let state: LocationState | null = null;
let request: { key: string; controller: AbortController; promise: Promise<DeliveryInfoState> } | null = null;

const STRING_FIELDS = [
  'street',
  'number',
  'city',
  'locality',
  'country',
  'postalCode',
  'fullAddress',
  'betweenStreets',
  'details',
] as const;

/** A stored location, checked field by field: storage is user-editable and may hold anything. */
function locationFromJson(value: unknown): UserLocation | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  const location: UserLocation = {};
  for (const key of STRING_FIELDS) {
    const field = raw[key];
    if (typeof field === 'string' && field.length <= 500) location[key] = field;
  }
  const { lat, lng } = raw;
  if (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    Number.isFinite(lat) &&
    Number.isFinite(lng)
  ) {
    location.lat = lat;
    location.lng = lng;
  }
  if (typeof raw.geocoded === 'boolean') location.geocoded = raw.geocoded;
  return Object.keys(location).length > 0 ? location : null;
}

function restore(now = Date.now()): UserLocation | null {
  try {
    const text = localStorage.getItem(storageKey(LOCATION_STORAGE_KEY));
    if (!text) return null;
    const stored = JSON.parse(text) as Partial<StoredLocation>;
    const location = typeof stored.savedAt === 'number' ? locationFromJson(stored.location) : null;
    if (!location || now - (stored.savedAt ?? 0) > LOCATION_STORAGE_TTL_MS) {
      localStorage.removeItem(storageKey(LOCATION_STORAGE_KEY));
      return null;
    }
    return { ...location, fromLocalStorage: true };
  } catch {
    return null;
  }
}

function save(location: UserLocation | null): void {
  try {
    if (!location) {
      localStorage.removeItem(storageKey(LOCATION_STORAGE_KEY));
      return;
    }
    const { fromLocalStorage: _restored, ...rest } = location;
    const stored: StoredLocation = { savedAt: Date.now(), location: rest };
    localStorage.setItem(storageKey(LOCATION_STORAGE_KEY), JSON.stringify(stored));
  } catch {
    // Storage full or blocked: the location still works for this page's life.
  }
}

function current(): LocationState {
  state ??= { location: restore(), deliveryInfo: IDLE };
  return state;
}

// Another company's storefront opened in this page: its own address, if it has one, is read next.
storageScopeOnChange(() => {
  request?.controller.abort();
  request = null;
  state = null;
});

function emit(next: LocationState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined')
      window.removeEventListener('storage', onStorage);
  };
}

/** Another tab changed the address: follow it, and forget delivery info computed for the old one. */
function onStorage(event: StorageEvent): void {
  if (event.key !== storageKey(LOCATION_STORAGE_KEY)) return;
  request?.controller.abort();
  request = null;
  emit({ location: restore(), deliveryInfo: IDLE });
}

function deliveryInfoFromApi(api: ApiDeliveryInfo, mantissaLength: number): DeliveryInfo {
  const minor = (value: number) => moneyToMinor(value, mantissaLength);
  const info: DeliveryInfo = {
    fee: minor(api.fee),
    insideDeliveryArea: api.insideDeliveryArea,
    providersFailed: api.providersFailed,
    ownLogistics: api.ownLogistics,
    cashAvailable: api.cashAvailable,
  };
  if (api.cashFee !== null) info.cashFee = minor(api.cashFee);
  if (api.minimumOrderPrice !== null) info.minimumOrderPrice = minor(api.minimumOrderPrice);
  if (api.freeDeliveryFrom !== null) info.freeDeliveryFrom = minor(api.freeDeliveryFrom);
  return info;
}

/** The location and its delivery info, for components. */
/**
 * Whether the address kept from an earlier visit lacks a field the location's
 * complex inputs force (ordering §4 "Delivery info"): then the address modal
 * opens to complete it instead of the fee being looked up. An address entered
 * in this page went through the modal's own rules, so only a stored one is asked.
 */
export function locationNeedsCompletion(alias: string): boolean {
  const { location } = current();
  const complex = addressUsesComplexInputs({
    branchContactId: alias,
    complexInputsBranchContactIds: ADDRESS_COMPLEX_INPUT_ALIASES,
  });
  return location?.fromLocalStorage === true && addressForcedFieldsMissing(location, complex);
}

export function useLocation(): LocationState {
  return useSyncExternalStore(subscribe, current, current);
}

export const locationStore = {
  /** The current state, outside React. */
  get: current,
  subscribe,

  /** Sets (and stores) the diner's location; delivery info of the previous one is dropped. */
  set(location: UserLocation): void {
    request?.controller.abort();
    request = null;
    const { fromLocalStorage: _restored, ...fresh } = location;
    save(fresh);
    emit({ location: fresh, deliveryInfo: IDLE });
  },

  /** Forgets the location, here and in storage. */
  clear(): void {
    request?.controller.abort();
    request = null;
    save(null);
    emit({ location: null, deliveryInfo: IDLE });
  },

  /**
   * Fetches the delivery info of the current location for a branch contact.
   * Without coordinates or a full address nothing is asked (the spec logs 'No
   * tiene fullAddress este comensal'). A request for the same place joins the
   * one in flight; a newer one cancels it. Resolves with the resulting state;
   * never rejects (a failure is `status: 'error'`).
   */
  refreshDeliveryInfo(branchContact: { id: number }, mantissaLength: number): Promise<DeliveryInfoState> {
    const { location } = current();
    const lookup = addressFeeLookup(location);
    if (!lookup.ready || !location || location.lat === undefined || location.lng === undefined) {
      if (lookup.log) {
        console.warn(lookup.log);
        clientLogReport({
          component: 'address/fee',
          message: lookup.log,
          bcId: branchContact.id,
          coordinates: location,
        });
      }
      request?.controller.abort();
      request = null;
      emit({ location, deliveryInfo: IDLE });
      return Promise.resolve(IDLE);
    }
    const key = `${branchContact.id}|${location.lat}|${location.lng}|${location.fullAddress}`;
    if (request?.key === key) return request.promise;
    request?.controller.abort();
    const controller = new AbortController();
    emit({ location, deliveryInfo: { status: 'loading', branchContactId: branchContact.id } });
    const stillCurrent = () => !controller.signal.aborted && current().location === location;
    const promise = apiRequest<ApiDeliveryInfo>(`/branch/${branchContact.id}/deliveryzones/fee`, {
      query: { lat: location.lat, lng: location.lng, fullAddress: location.fullAddress, city: location.city },
      signal: controller.signal,
    }).then(
      (api) => {
        if (!stillCurrent()) return current().deliveryInfo;
        const next: DeliveryInfoState = {
          status: 'success',
          info: deliveryInfoFromApi(api, mantissaLength),
          branchContactId: branchContact.id,
        };
        emit({ location, deliveryInfo: next });
        return next;
      },
      (error: unknown) => {
        if (!stillCurrent()) return current().deliveryInfo;
        clientLogReport({
          component: 'address/fee',
          error,
          bcId: branchContact.id,
          address: location,
          coordinates: location,
        });
        const next: DeliveryInfoState = { status: 'error', branchContactId: branchContact.id };
        emit({ location, deliveryInfo: next });
        return next;
      },
    );
    request = { key, controller, promise };
    void promise.finally(() => {
      if (request?.controller === controller) request = null;
    });
    return promise;
  },
};
