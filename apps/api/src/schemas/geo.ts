/**
 * TypeBox schemas of the geo API (/api/geo): address search and reverse
 * geocoding for the address modal '¿Dónde te encuentras?', and the map settings
 * the web app needs to draw its map.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './diner';

export const GeoAddressSchema = Type.Object(
  {
    label: Type.String({ description: 'What the diner reads: `Honduras 4800, Palermo, Buenos Aires`' }),
    street: Type.String(),
    number: Nullable(Type.String({ description: 'House number; null when the place has none' })),
    city: Nullable(Type.String({ description: 'Localidad' })),
    province: Nullable(Type.String()),
    postalCode: Nullable(Type.String()),
    lat: Type.Number(),
    lng: Type.Number(),
  },
  { description: 'One address, as the address modal fills its fields with it' },
);
export type GeoAddressView = Static<typeof GeoAddressSchema>;

export const GeoSearchQuerySchema = Type.Object({
  q: Type.String({ minLength: 3, maxLength: 200, description: 'What the diner typed: street and number' }),
  branchContactId: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2147483647,
      description: "Ranks addresses near this location first and keeps to its company's country",
    }),
  ),
});

export const GeoSearchSchema = Type.Object({ suggestions: Type.Array(GeoAddressSchema) });

export const GeoReverseSchema = Type.Object({
  address: Nullable(GeoAddressSchema),
});

export const GeoConfigSchema = Type.Object({
  tileUrl: Type.String({
    description: 'OpenStreetMap-compatible tile URL template ({z}/{x}/{y}, optional {s})',
  }),
  attribution: Type.String({ description: 'HTML credit the tile provider requires on the map' }),
  defaultCenter: Type.Object({ lat: Type.Number(), lng: Type.Number() }),
  defaultZoom: Type.Integer(),
  /** Zoom the map uses once an address or a position is known. */
  addressZoom: Type.Integer(),
  maxZoom: Type.Integer(),
});
export type GeoConfigView = Static<typeof GeoConfigSchema>;
