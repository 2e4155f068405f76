import { geoDistanceMeters } from '@comanda/domain/delivery-zone';
import { describe, expect, it } from 'vitest';
import type { TenantZone } from '../api/zones-api';
import {
  cornerMidpoints,
  geoEastOf,
  geoSquareAround,
  radiusFromHandle,
  zoneDraftNew,
  zoneDraftOf,
  zoneDraftsToTenant,
  zoneServerFields,
} from './zone-draft';

const AR = { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 };
const UY = { code: 'UY', currency: { code: 'UYU', symbol: '$' }, mantissaLength: 2 };
const palermo = { lat: -34.5889, lng: -58.4306 };
const ampliada: TenantZone = {
  name: 'Ampliada',
  polygon: [
    [-58.4706, -34.5589],
    [-58.3906, -34.5589],
    [-58.3906, -34.6189],
    [-58.4706, -34.6189],
    [-58.4706, -34.5589],
  ],
  fee: 2500,
  cashFee: 2500,
  minimumOrderPrice: 12000,
};

describe('zones editor drafts', () => {
  it('round-trips a polygon zone and a radius zone to the tenant format', () => {
    const draft = zoneDraftOf(ampliada, AR);
    expect(draft.corners).toEqual([
      [-34.5589, -58.4706],
      [-34.5589, -58.3906],
      [-34.6189, -58.3906],
      [-34.6189, -58.4706],
    ]);
    expect(draft.fee).toBe('2.500');
    const radius = zoneDraftOf({ name: 'Cercana', radiusMeters: 2500, fee: 1500.5, cashFee: 0 }, UY);
    expect(radius.fee).toBe('1.500,50');
    expect(zoneDraftsToTenant([draft], AR)).toEqual({ ok: true, zones: [ampliada] });
    expect(zoneDraftsToTenant([radius], UY)).toEqual({
      ok: true,
      zones: [{ name: 'Cercana', radiusMeters: 2500, fee: 1500.5, cashFee: 0 }],
    });
  });

  it('says in Spanish what the import would refuse, at the field the API names', () => {
    const bowTie = { ...zoneDraftOf(ampliada, AR), fee: '-5', cashFee: '' };
    bowTie.corners = [bowTie.corners[0]!, bowTie.corners[2]!, bowTie.corners[1]!, bowTie.corners[3]!];
    const twoPoints = { ...zoneDraftOf(ampliada, AR), name: ' ' };
    twoPoints.corners = twoPoints.corners.slice(0, 2);
    const result = zoneDraftsToTenant(
      [bowTie, twoPoints, { ...zoneDraftNew('radius', palermo, 2), radiusMeters: 0, fee: '0', cashFee: '0' }],
      AR,
    );
    expect(result).toEqual({
      ok: false,
      fields: {
        '[0].fee': 'Escriba un importe válido, sin signo menos',
        '[0].cashFee': 'Escriba el importe (0 si no cobra)',
        '[0].polygon': 'Los lados del polígono se cruzan: mueva los vértices para que no se crucen',
        '[1].name': 'Escriba el nombre de la zona',
        '[1].polygon': 'El polígono necesita al menos 3 vértices distintos',
        '[2].radiusMeters': 'El radio debe ser un número entero de metros, mayor que 0',
      },
    });
  });

  it('starts a polygon as a square around the location, and a handle east of the centre gives the radius', () => {
    const square = geoSquareAround(palermo, 1000);
    expect(square).toHaveLength(4);
    const north = square[0]!;
    expect(geoDistanceMeters(palermo, { lat: north[0], lng: palermo.lng })).toBeCloseTo(1000, -1);
    const [lat, lng] = geoEastOf(palermo, 2500);
    expect(radiusFromHandle(palermo, { lat, lng })).toBeGreaterThan(2490);
    expect(radiusFromHandle(palermo, { lat, lng })).toBeLessThan(2510);
    expect(radiusFromHandle(palermo, palermo)).toBe(1);
    expect(zoneDraftNew('polygon', palermo, 1)).toMatchObject({ name: 'Zona 2', kind: 'polygon', fee: '' });
  });

  it('puts a midpoint handle on every edge, the closing one included', () => {
    expect(
      cornerMidpoints([
        [0, 0],
        [0, 2],
        [2, 2],
      ]),
    ).toEqual([
      [0, 1],
      [1, 2],
      [1, 1],
    ]);
  });

  it("words the server's per-field problems in Spanish", () => {
    expect(zoneServerFields({ '[1].polygon': 'x', '[0].fee': 'y', '[2]': 'z' })).toEqual({
      '[1].polygon': 'Revise el polígono: debe cerrarse, tener 3 vértices distintos y no cruzarse',
      '[0].fee': 'Revise este importe: sin signo menos y con los decimales de la moneda',
      '[2]': 'Revise los datos de esta zona',
    });
  });
});
