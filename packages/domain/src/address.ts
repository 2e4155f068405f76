/**
 * The address modal '¿Dónde te encuentras?' (ordering §3 "User location", §5
 * "Address modal"): its simple and complex input rules and messages, the
 * `formatted_address` joining, and what the delivery-fee lookup needs.
 */
import { addressMessages } from './messages';

/** The modal's fields (ordering §3 "Address modal fields"). */
export interface AddressFields {
  direccion: string;
  /** Floor / apartment; always optional. */
  aclaraciones?: string;
  entrecalles?: string;
  postalCode?: string;
  /** Localidad. */
  city?: string;
  province?: string;
  coords?: { lat: number; lng: number } | null;
}

/** Which inputs the modal uses, and the tab the diner is on. */
export interface AddressRules {
  /** Complex inputs (postal code, city, province), when the branch contact uses them and they are not overridden. */
  complexInputs: boolean;
  /** 'address' = 'Mi dirección' (search), 'location' = 'Mi ubicación' (coordinates and manual fields). */
  tab: 'address' | 'location';
  betweenStreetsRequired: boolean;
}

/** A refused field of the modal. */
export interface AddressError {
  field: 'direccion' | 'entrecalles' | 'required';
  message: string;
}

const blank = (value: string | undefined | null) => !value || value.trim() === '';

/**
 * The modal's errors. Simple inputs: direccion ('Ingrese una dirección').
 * Complex inputs in the coordinates tab: direccion, postalCode, city and
 * province ('Asegúrese de completar todos los campos obligatorios'). Either way
 * entrecalles when required ('Ingrese entrecalles'); aclaraciones never.
 */
export function addressValidate(fields: AddressFields, rules: AddressRules): AddressError[] {
  const errors: AddressError[] = [];
  if (rules.complexInputs && rules.tab === 'location') {
    if ([fields.direccion, fields.postalCode, fields.city, fields.province].some(blank)) {
      errors.push({ field: 'required', message: addressMessages.allRequired });
    }
  } else if (blank(fields.direccion)) {
    errors.push({ field: 'direccion', message: addressMessages.addressRequired });
  }
  if (rules.betweenStreetsRequired && blank(fields.entrecalles)) {
    errors.push({ field: 'entrecalles', message: addressMessages.betweenStreetsRequired });
  }
  return errors;
}

/** `formatted_address`: direccion, postalCode, city and province joined by commas (empty parts left out). */
export function addressFormatted(
  fields: Pick<AddressFields, 'direccion' | 'postalCode' | 'city' | 'province'>,
): string {
  return [fields.direccion, fields.postalCode, fields.city, fields.province]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(', ');
}

/** Closing or cancelling the modal: 'Debe ingresar la dirección' when the address is mandatory. */
export function addressCloseMessage(addressMandatory: boolean): string | null {
  return addressMandatory ? addressMessages.mandatoryOnClose : null;
}

/**
 * The locations that use complex address inputs by default (ordering §9: "one
 * specific branch contact, whose id is fixed in the product"). Named by alias:
 * ids are database serials that differ between installs. The demo's Caballito
 * grill (open 24 hours) shows the rule; the modal's `complexInputs` overrides it.
 */
export const ADDRESS_COMPLEX_INPUT_ALIASES: readonly string[] = ['brasa-caballito'];

/**
 * Whether the modal uses complex inputs: an explicit override wins, else the
 * branch contacts configured for them (the spec fixes one id without showing it).
 */
export function addressUsesComplexInputs(input: {
  branchContactId: string;
  complexInputsBranchContactIds: readonly string[];
  override?: boolean | null;
}): boolean {
  return input.override ?? input.complexInputsBranchContactIds.includes(input.branchContactId);
}

/** The diner's location (ordering §3 "User location"). */
export interface UserLocation {
  street?: string;
  number?: string;
  city?: string;
  /** Province. */
  locality?: string;
  country?: string;
  postalCode?: string;
  fullAddress?: string;
  lat?: number;
  lng?: number;
  betweenStreets?: string;
  details?: string;
  geocoded?: boolean;
  fromLocalStorage?: boolean;
}

/** The location the modal's fields describe. */
export function addressToLocation(fields: AddressFields, geocoded = false): UserLocation {
  const location: UserLocation = { fullAddress: addressFormatted(fields), geocoded };
  const set = <K extends keyof UserLocation>(key: K, value: UserLocation[K] | undefined) => {
    if (value !== undefined && value !== '') location[key] = value;
  };
  set('street', fields.direccion.trim());
  set('postalCode', fields.postalCode?.trim());
  set('city', fields.city?.trim());
  set('locality', fields.province?.trim());
  set('betweenStreets', fields.entrecalles?.trim());
  set('details', fields.aclaraciones?.trim());
  if (fields.coords) {
    location.lat = fields.coords.lat;
    location.lng = fields.coords.lng;
  }
  return location;
}

/**
 * Whether a stored address lacks a field the complex inputs force (ordering §4
 * "Delivery info": "With complex address inputs and missing forced fields, the
 * address modal opens instead" of the fee being looked up): direccion, postal
 * code, city (localidad) and province (§5), as `addressToLocation` keeps them.
 */
export function addressForcedFieldsMissing(
  location: UserLocation | null | undefined,
  complexInputs: boolean,
): boolean {
  if (!complexInputs || !location) return false;
  return [location.street, location.postalCode, location.city, location.locality].some(blank);
}

/**
 * Whether the delivery fee can be looked up: coordinates and a full address.
 * Without a full address the lookup is skipped and 'No tiene fullAddress este
 * comensal' is logged.
 */
export function addressFeeLookup(location: UserLocation | null | undefined): {
  ready: boolean;
  log: string | null;
} {
  if (!location || location.lat === undefined || location.lng === undefined)
    return { ready: false, log: null };
  if (blank(location.fullAddress)) return { ready: false, log: addressMessages.noFullAddressLog };
  return { ready: true, log: null };
}
