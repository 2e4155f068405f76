import type { DeliveryInfo } from '@comanda/domain/types';
import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { storageKey } from '../../lib/storage-scope';
import type { LocationState } from '../../stores/location-store';
import type { ApiBranchContactSummary, ApiOrderMode } from '../../types/api';

// The address modal pulls the map library: loaded only when the diner opens it.
const AddressModal = lazy(() => import('../../features/address/components/address-modal'));

/**
 * The key under which the address feature's store keeps the diner's location
 * (`LOCATION_STORAGE_KEY` of stores/location-store.ts; a unit test holds them
 * equal). Reading it here tells whether the store is worth loading at all.
 */
export const STORED_LOCATION_KEY = 'comanda.location';

type LocationModule = typeof import('../../stores/location-store');
let loaded: LocationModule | null = null;
let loading: Promise<LocationModule> | null = null;

function locationModuleLoad(): Promise<LocationModule> {
  loading ??= import('../../stores/location-store').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

function locationStored(): boolean {
  try {
    return localStorage.getItem(storageKey(STORED_LOCATION_KEY)) !== null;
  } catch {
    return false;
  }
}

const NO_LOCATION: LocationState = { location: null, deliveryInfo: { status: 'idle' } };
const noSubscription = () => () => {};
const noLocation = () => NO_LOCATION;

export interface StorefrontLocation {
  /** The diner's address as one line, when known. */
  addressText: string | null;
  /** The diner's coordinates, when known (distances to locations). */
  position: { lat: number; lng: number } | null;
  /** Delivery info of the screen's location for a delivery mode; idle otherwise. */
  deliveryInfo: { status: 'idle' | 'loading' | 'success' | 'error'; info: DeliveryInfo | null };
  /** Opens the address modal ('Ingresar dirección' / 'Cambiar'); null without a location to ask for. */
  openAddress: (() => void) | null;
  /**
   * Opens the address modal as mandatory (closing refused with 'Debe ingresar
   * la dirección'): for a step that cannot go on without an address.
   */
  requireAddress: (() => void) | null;
  /** The address modal, to render once in the screen. */
  addressModal: ReactNode;
}

type Contact = Pick<ApiBranchContactSummary, 'id' | 'alias' | 'coordinates' | 'deliveryConfig'>;

/**
 * The diner's location for a screen, from the address feature's store: the
 * address line, the delivery info of a delivery mode (fetched once coordinates
 * exist and the mode is delivery, ordering §4 "Delivery info"; where complex
 * address inputs apply, a stored address missing a forced field opens the
 * modal instead), and the address modal '¿Dónde te encuentras?', loaded on demand.
 *
 * The store (and the address rules it carries) loads only when a location was
 * kept from an earlier visit or the diner opens the modal: a first visit's
 * menu ships none of it (ADR 004 budget).
 */
export function useStorefrontLocation(
  contact: Contact | null,
  mode: Pick<ApiOrderMode, 'type'> | null,
  mantissaLength: number,
  variant: 'menu' | 'branch-location' = 'menu',
): StorefrontLocation {
  const [module, setModule] = useState<LocationModule | null>(loaded);
  const [open, setOpen] = useState<false | 'optional' | 'mandatory' | 'complete'>(false);
  const store = module?.locationStore;
  const { location, deliveryInfo } = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    store?.get ?? noLocation,
  );

  // The stored key names the company, known only once its entity has arrived: asked again then.
  const storedKey = storageKey(STORED_LOCATION_KEY);
  // biome-ignore lint/correctness/useExhaustiveDependencies: storedKey changes with the company on screen.
  useEffect(() => {
    if (module || (!open && !locationStored())) return;
    let current = true;
    locationModuleLoad().then(
      (value) => current && setModule(value),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [module, open, storedKey]);

  const delivery = mode?.type === 'DELIVERY';
  const lat = location?.lat;
  const lng = location?.lng;
  const fullAddress = location?.fullAddress;
  const contactId = contact?.id ?? null;
  const alias = contact?.alias ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address (same point, new text) is asked again.
  useEffect(() => {
    if (!module || !store || !delivery || contactId === null || alias === null) return;
    if (lat === undefined || lng === undefined) return;
    // Complex address inputs and a stored address missing a forced field: the modal, not the fee (§4).
    if (module.locationNeedsCompletion(alias)) {
      setOpen((now) => now || 'complete');
      return;
    }
    // The store joins a request already in flight for the same place.
    void store.refreshDeliveryInfo({ id: contactId }, mantissaLength);
  }, [module, store, delivery, contactId, alias, lat, lng, fullAddress, mantissaLength]);

  const forThisContact = deliveryInfo.branchContactId === contactId;
  return {
    addressText: fullAddress ?? ([location?.street, location?.number].filter(Boolean).join(' ') || null),
    position: lat !== undefined && lng !== undefined ? { lat, lng } : null,
    deliveryInfo:
      delivery && forThisContact
        ? { status: deliveryInfo.status, info: deliveryInfo.info ?? null }
        : { status: 'idle', info: null },
    openAddress: contact ? () => setOpen('optional') : null,
    requireAddress: contact ? () => setOpen('mandatory') : null,
    addressModal:
      contact && open ? (
        <Suspense fallback={null}>
          <AddressModal
            open
            onClose={() => setOpen(false)}
            branchContact={contact}
            mandatory={open === 'mandatory'}
            completeStored={open === 'complete'}
            mantissaLength={mantissaLength}
            variant={variant}
            onSubmitted={() => setOpen(false)}
          />
        </Suspense>
      ) : null,
  };
}
