import { describe, expect, it } from 'vitest';
import {
  ADDRESS_COMPLEX_INPUT_ALIASES,
  type AddressRules,
  addressCloseMessage,
  addressFeeLookup,
  addressForcedFieldsMissing,
  addressFormatted,
  addressToLocation,
  addressUsesComplexInputs,
  addressValidate,
} from './address';

const simple: AddressRules = { complexInputs: false, tab: 'address', betweenStreetsRequired: false };
const complexCoords: AddressRules = { complexInputs: true, tab: 'location', betweenStreetsRequired: true };

describe('ordering §5 Address modal', () => {
  it.each([
    ['simple, empty', { direccion: ' ' }, simple, ['Ingrese una dirección']],
    ['simple, filled', { direccion: 'Honduras 4800' }, simple, []],
    [
      'simple, between streets required',
      { direccion: 'Honduras 4800' },
      { ...simple, betweenStreetsRequired: true },
      ['Ingrese entrecalles'],
    ],
    [
      'complex, coordinates tab, missing postal code',
      {
        direccion: 'Honduras 4800',
        city: 'CABA',
        province: 'Buenos Aires',
        entrecalles: 'Gurruchaga y Armenia',
      },
      complexCoords,
      ['Asegúrese de completar todos los campos obligatorios'],
    ],
    [
      'complex, coordinates tab, nothing',
      { direccion: '' },
      complexCoords,
      ['Asegúrese de completar todos los campos obligatorios', 'Ingrese entrecalles'],
    ],
    [
      'complex, complete, aclaraciones optional',
      {
        direccion: 'Honduras 4800',
        postalCode: 'C1414',
        city: 'CABA',
        province: 'Buenos Aires',
        entrecalles: 'Gurruchaga y Armenia',
      },
      complexCoords,
      [],
    ],
    [
      'complex, search tab: simple rules',
      { direccion: '' },
      { ...complexCoords, tab: 'address', betweenStreetsRequired: false },
      ['Ingrese una dirección'],
    ],
  ] as const)('%s', (_, fields, rules, messages) => {
    expect(addressValidate(fields, rules).map((e) => e.message)).toEqual(messages);
  });

  it('joins formatted_address with commas', () => {
    expect(
      addressFormatted({
        direccion: 'Honduras 4800',
        postalCode: 'C1414',
        city: 'CABA',
        province: 'Buenos Aires',
      }),
    ).toBe('Honduras 4800, C1414, CABA, Buenos Aires');
    expect(addressFormatted({ direccion: 'Honduras 4800 ', city: 'CABA' })).toBe('Honduras 4800, CABA');
  });

  it("refuses to close a mandatory address with 'Debe ingresar la dirección'", () => {
    expect(addressCloseMessage(true)).toBe('Debe ingresar la dirección');
    expect(addressCloseMessage(false)).toBeNull();
  });

  it('uses complex inputs for configured branch contacts unless overridden', () => {
    expect(addressUsesComplexInputs({ branchContactId: 'a', complexInputsBranchContactIds: ['a'] })).toBe(
      true,
    );
    expect(
      addressUsesComplexInputs({
        branchContactId: 'a',
        complexInputsBranchContactIds: ['a'],
        override: false,
      }),
    ).toBe(false);
    expect(
      addressUsesComplexInputs({
        branchContactId: 'b',
        complexInputsBranchContactIds: ['a'],
        override: null,
      }),
    ).toBe(false);
  });

  it('builds the location and knows when the fee can be looked up', () => {
    const location = addressToLocation({
      direccion: 'Honduras 4800',
      aclaraciones: '3B',
      entrecalles: 'Gurruchaga y Armenia',
      city: 'CABA',
      province: 'Buenos Aires',
      coords: { lat: -34.5889, lng: -58.4306 },
    });
    expect(location).toEqual({
      fullAddress: 'Honduras 4800, CABA, Buenos Aires',
      geocoded: false,
      street: 'Honduras 4800',
      city: 'CABA',
      locality: 'Buenos Aires',
      betweenStreets: 'Gurruchaga y Armenia',
      details: '3B',
      lat: -34.5889,
      lng: -58.4306,
    });
    expect(addressFeeLookup(location)).toEqual({ ready: true, log: null });
    expect(addressFeeLookup({ ...location, fullAddress: '' })).toEqual({
      ready: false,
      log: 'No tiene fullAddress este comensal',
    });
    expect(addressFeeLookup({ fullAddress: 'x' })).toEqual({ ready: false, log: null });
    expect(addressFeeLookup(null)).toEqual({ ready: false, log: null });
  });
});

describe('ordering §4 Delivery info: complex inputs and missing forced fields', () => {
  const complete = addressToLocation({
    direccion: 'Av. Rivadavia 5100',
    postalCode: 'C1406',
    city: 'Buenos Aires',
    province: 'CABA',
    coords: { lat: -34.618, lng: -58.436 },
  });

  it('a stored address missing a forced field is not priced where complex inputs apply', () => {
    expect(ADDRESS_COMPLEX_INPUT_ALIASES).toEqual(['brasa-caballito']);
    expect(addressForcedFieldsMissing(complete, true)).toBe(false);
    for (const key of ['street', 'postalCode', 'city', 'locality'] as const) {
      expect(addressForcedFieldsMissing({ ...complete, [key]: undefined }, true), key).toBe(true);
      expect(addressForcedFieldsMissing({ ...complete, [key]: '  ' }, true), key).toBe(true);
    }
  });

  it('asks nothing where simple inputs apply, or without an address', () => {
    expect(addressForcedFieldsMissing({ ...complete, postalCode: undefined }, false)).toBe(false);
    expect(addressForcedFieldsMissing(null, true)).toBe(false);
  });
});
