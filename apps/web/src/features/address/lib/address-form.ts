/**
 * The address modal's form: its text fields, their labels and autocomplete
 * hints, the texts of ours for its states, and the fields as the stored
 * location fills them.
 */
import type { AddressFields, addressValidate } from '@comanda/domain/address';
import { locationStore } from '../../../stores/location-store';
import type { LatLng } from '../components/address-map';

export type AddressFieldsRules = Parameters<typeof addressValidate>[1];
export type Tab = AddressFieldsRules['tab'];
export type TextFields = Required<Omit<AddressFields, 'coords'>>;
export type Outcome = { kind: 'outside' } | { kind: 'failed' } | { kind: 'unlocated' } | null;

export const EMPTY: TextFields = {
  direccion: '',
  aclaraciones: '',
  entrecalles: '',
  postalCode: '',
  city: '',
  province: '',
};

/** Ours: the spec names no text for these states. */
export const texts = {
  locating: 'Obteniendo coordenadas…',
  located: 'Coordenadas obtenidas. Revisa el marcador y completa los campos.',
  reverseLoading: 'Buscando la dirección de ese punto…',
  reverseFound: 'Completamos la dirección de ese punto. Revísala.',
  reverseNone: 'No encontramos una dirección en ese punto. Escríbela en los campos.',
  reverseFailed: 'No pudimos obtener la dirección de ese punto. Escríbela en los campos.',
  feeFailed: 'No pudimos calcular el envío. Inténtalo de nuevo.',
  unlocated:
    'No pudimos ubicar esa dirección en el mapa. Marca tu ubicación en el mapa o usa Obtener mis coordenadas.',
  checking: 'Consultando la zona de entrega…',
  required: 'Obligatorio',
  mapLabel: 'Mapa de tu ubicación',
} as const;

export const FIELD_LABELS: Record<keyof TextFields, string> = {
  direccion: 'Dirección',
  aclaraciones: 'Aclaraciones (piso, depto.)',
  entrecalles: 'Entrecalles',
  postalCode: 'Código postal',
  city: 'Localidad',
  province: 'Provincia',
};

export const AUTOCOMPLETE: Record<keyof TextFields, string> = {
  direccion: 'address-line1',
  aclaraciones: 'address-line2',
  entrecalles: 'off',
  postalCode: 'postal-code',
  city: 'address-level2',
  province: 'address-level1',
};

/** The modal's fields from the stored location, so 'Cambiar' starts from the current address. */
export function fieldsFromStore(): { fields: TextFields; coords: LatLng | null } {
  const location = locationStore.get().location;
  if (!location) return { fields: EMPTY, coords: null };
  return {
    fields: {
      direccion: location.street ?? '',
      aclaraciones: location.details ?? '',
      entrecalles: location.betweenStreets ?? '',
      postalCode: location.postalCode ?? '',
      city: location.city ?? '',
      province: location.locality ?? '',
    },
    coords:
      location.lat !== undefined && location.lng !== undefined
        ? { lat: location.lat, lng: location.lng }
        : null,
  };
}
