/**
 * A location's delivery zones edited from the console (ADR 055): read and
 * saved as the tenant file writes them (`deliveryConfig.deliveryZones`, money
 * in major units) through the tenant import's validator and writer
 * (venue-edit.ts), and a test address checked against the saved zones or an
 * unsaved draft with the same domain matching the checkout uses
 * (`deliveryZoneFind`). The company's OWNER only.
 */
import { type DeliveryZone, deliveryZoneFind, type LatLng } from '@comanda/domain/delivery-zone';
import { moneyFormat, moneyToMinor } from '@comanda/domain/money';
import { badRequest, HttpError, notFound } from '../lib/http-error';
import { branchContactFind, companyWithCountryFind } from '../repositories/tenant-repository';
import { type TenantPartLocate, tenantPartValidate } from '../tenant/tenant-edit';
import type { TenantDeliveryZone } from '../tenant/tenant-format';
import { consoleBranchContactCheck, consoleMessages } from './console-service';
import { type Geocoder, GeocoderUnavailableError } from './geocoder';
import type { StaffPrincipal } from './staff-auth-service';
import {
  type VenueEditDeps,
  venueEditMessages,
  venueOwnerOnly,
  venuePartGet,
  venuePartSave,
} from './venue-edit';

export const zonesMessages = {
  ownerOnly: 'Solo el dueño puede editar las zonas de entrega',
  addressNotFound: 'No encontramos esa dirección: revise la calle y la altura',
  geocoderDown: 'El servicio de direcciones no responde: intente de nuevo en unos minutos',
  pointNeeded: 'Escriba una dirección o indique latitud y longitud',
  notReached: 'No llega a esta dirección',
  reached: (zone: string, fee: string) => `Sí, llega: zona ${zone}, envío ${fee}`,
} as const;

/** What the zones screen shows of a location: its zones, where it is, and how its money is written. */
export interface ZonesView {
  zones: TenantDeliveryZone[];
  version: string;
  /** Null when the location has no coordinates yet: radius zones cannot be measured then. */
  location: { name: string; lat: number | null; lng: number | null };
  country: { code: string; currency: { code: string; symbol: string }; mantissaLength: number };
}

export interface ZonesCheck {
  reached: boolean;
  zone?: Pick<TenantDeliveryZone, 'name' | 'fee' | 'cashFee' | 'minimumOrderPrice' | 'freeDeliveryFrom'>;
  point: LatLng & { label: string | null };
  message: string;
}

/** The part: a location's zones in the company's file, found by the location's alias. */
export function zonesLocate(alias: string): TenantPartLocate<TenantDeliveryZone[]> {
  return (file) => {
    for (const [b, branch] of file.branches.entries()) {
      const c = branch.branchContacts.findIndex((contact) => contact.alias === alias);
      const contact = branch.branchContacts[c];
      if (!contact) continue;
      return {
        path: `branches[${b}].branchContacts[${c}].deliveryConfig.deliveryZones`,
        get: () => contact.deliveryConfig.deliveryZones,
        set: (zones) => {
          contact.deliveryConfig.deliveryZones = zones;
        },
      };
    }
    return undefined;
  };
}

/** 401 before this (the route's hook); 404 another company's location; 403 STAFF (owner only). */
async function ownersLocation(deps: Pick<VenueEditDeps, 'db'>, staff: StaffPrincipal, id: number) {
  const row = await consoleBranchContactCheck(deps.db, staff, id);
  venueOwnerOnly(staff, zonesMessages.ownerOnly);
  const [contact, company] = await Promise.all([
    branchContactFind(deps.db, row.id),
    companyWithCountryFind(deps.db, staff.companyId),
  ]);
  if (!contact || !company) throw notFound(consoleMessages.branchContactNotFound(id));
  return { contact, country: company.country };
}

function viewOf(
  contact: { name: string; lat: number | null; lng: number | null },
  country: { code: string; currencyCode: string; currencySymbol: string; mantissaLength: number },
  read: { value: TenantDeliveryZone[]; version: string },
): ZonesView {
  return {
    zones: read.value,
    version: read.version,
    location: { name: contact.name, lat: contact.lat, lng: contact.lng },
    country: {
      code: country.code,
      currency: { code: country.currencyCode, symbol: country.currencySymbol },
      mantissaLength: country.mantissaLength,
    },
  };
}

export async function zonesRead(deps: VenueEditDeps, staff: StaffPrincipal, id: number): Promise<ZonesView> {
  const { contact, country } = await ownersLocation(deps, staff, id);
  const read = await venuePartGet(deps.db, staff, zonesLocate(contact.alias));
  return viewOf(contact, country, read);
}

/** Saves the zones (400 per field, 409 stale, as venuePartSave); answers the view as stored. */
export async function zonesSave(
  deps: VenueEditDeps,
  staff: StaffPrincipal,
  id: number,
  input: { zones: TenantDeliveryZone[]; version?: string },
): Promise<ZonesView & { changed: boolean }> {
  const { contact, country } = await ownersLocation(deps, staff, id);
  const saved = await venuePartSave(deps, staff, {
    locate: zonesLocate(contact.alias),
    value: input.zones,
    ...(input.version === undefined ? {} : { baseVersion: input.version }),
    subject: 'deliveryZones',
    subjectName: contact.name,
    branchContactId: contact.id,
  });
  return { ...viewOf(contact, country, saved), changed: saved.changed };
}

/** Where the test address is: the point given, or the first match of the API's geocoder near the location. */
async function pointOf(
  geocoder: Geocoder,
  near: LatLng | null,
  countryCode: string,
  input: { address?: string; lat?: number; lng?: number },
): Promise<LatLng & { label: string | null }> {
  if (input.lat !== undefined && input.lng !== undefined)
    return { lat: input.lat, lng: input.lng, label: null };
  const address = input.address?.trim() ?? '';
  if (address.length < 3) throw badRequest(zonesMessages.pointNeeded, { address: zonesMessages.pointNeeded });
  let found: Awaited<ReturnType<Geocoder['search']>>;
  try {
    found = await geocoder.search(address, { near, countryCodes: [countryCode.toLowerCase()], limit: 1 });
  } catch (error) {
    if (error instanceof GeocoderUnavailableError) throw new HttpError(502, zonesMessages.geocoderDown);
    throw error;
  }
  const first = found[0];
  if (!first) throw badRequest(zonesMessages.addressNotFound, { address: zonesMessages.addressNotFound });
  return { lat: first.lat, lng: first.lng, label: first.label };
}

/**
 * Whether the location reaches a test address, with its saved zones or the
 * draft sent (checked first by the tenant import's validator, so a draft the
 * save would refuse is refused here with the same fields, under `zones`).
 */
export async function zonesCheck(
  deps: VenueEditDeps & { geocoder: Geocoder },
  staff: StaffPrincipal,
  id: number,
  input: { address?: string; lat?: number; lng?: number; zones?: TenantDeliveryZone[] },
): Promise<ZonesCheck> {
  const { contact, country } = await ownersLocation(deps, staff, id);
  const locate = zonesLocate(contact.alias);
  let zones: TenantDeliveryZone[];
  if (input.zones) {
    const checked = await tenantPartValidate(deps.db, staff.companyId, locate, input.zones);
    if (!checked) throw notFound(venueEditMessages.missing);
    if (!checked.ok) {
      const fields = Object.fromEntries(
        Object.entries(checked.fields).map(([field, message]) => [
          `zones${field.startsWith('[') || !field ? field : `.${field}`}`,
          message,
        ]),
      );
      throw badRequest(venueEditMessages.invalid, fields);
    }
    zones = input.zones;
  } else {
    zones = (await venuePartGet(deps.db, staff, locate)).value;
  }
  const origin = contact.lat !== null && contact.lng !== null ? { lat: contact.lat, lng: contact.lng } : null;
  const point = await pointOf(deps.geocoder, origin, country.code, input);
  const money = {
    code: country.code,
    currency: { code: country.currencyCode, symbol: country.currencySymbol },
    mantissaLength: country.mantissaLength,
  };
  const minor = (major: number) => moneyToMinor(major, country.mantissaLength);
  // As the storefront's fee lookup: without the location's coordinates only polygons can match.
  const usable = zones.filter((zone) => origin !== null || zone.radiusMeters === undefined);
  const domainZones = usable.map(
    (zone): DeliveryZone => ({
      name: zone.name,
      fee: minor(zone.fee),
      ...(zone.radiusMeters !== undefined
        ? { radiusMeters: zone.radiusMeters }
        : { polygon: zone.polygon ?? [] }),
    }),
  );
  const found = deliveryZoneFind(domainZones, origin ?? point, point);
  const zone = found ? usable[domainZones.indexOf(found)] : undefined;
  if (!found || !zone) return { reached: false, point, message: zonesMessages.notReached };
  return {
    reached: true,
    zone: {
      name: zone.name,
      fee: zone.fee,
      cashFee: zone.cashFee,
      ...(zone.minimumOrderPrice === undefined ? {} : { minimumOrderPrice: zone.minimumOrderPrice }),
      ...(zone.freeDeliveryFrom === undefined ? {} : { freeDeliveryFrom: zone.freeDeliveryFrom }),
    },
    point,
    message: zonesMessages.reached(zone.name, moneyFormat(found.fee, money)),
  };
}
