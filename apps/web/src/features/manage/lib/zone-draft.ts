/**
 * The zones editor's working copy (ADR 055): each zone as the form holds it
 * (money as typed, a polygon as its corners in Leaflet's `[lat, lng]` order,
 * without the repeated closing point) and back to the tenant format the API
 * saves. The local checks say in Spanish, before sending, what the tenant
 * import would refuse — the polygon's shape through the domain's own rule.
 */
import { geoDistanceMeters, type LatLng } from '@comanda/domain/delivery-zone';
import {
  type DeliveryZonePolygonProblem,
  deliveryZonePolygonProblem,
} from '@comanda/domain/delivery-zone-polygon';
import {
  type MoneyCountry,
  moneyFormatNumber,
  moneyParseInput,
  moneyToMajor,
  moneyToMinor,
} from '@comanda/domain/money';
import type { TenantZone } from '../api/zones-api';

export type Corner = [number, number];

export interface ZoneDraft {
  /** Local key for React and the map (zones have no id of their own in the tenant format). */
  key: string;
  name: string;
  kind: 'radius' | 'polygon';
  radiusMeters: number;
  /** `[lat, lng]` corners, open (the closing point is added when saving). */
  corners: Corner[];
  fee: string;
  cashFee: string;
  minimumOrderPrice: string;
  freeDeliveryFrom: string;
}

/** One colour per zone, in list order, distinguishable on the map's light and dark tiles. */
export const ZONE_COLOURS = ['#1a73e8', '#d93025', '#188038', '#a142f4', '#e37400', '#007b83'] as const;
export const zoneColour = (index: number) => ZONE_COLOURS[index % ZONE_COLOURS.length] as string;

/** A new radius zone's radius, and half the side of a new polygon's square around the location. */
export const NEW_ZONE_METERS = 1500;
const METERS_PER_DEGREE = 111_320;

let keys = 0;
const nextKey = () => `zone-${++keys}`;

const moneyText = (major: number | undefined, country: MoneyCountry) =>
  major === undefined ? '' : moneyFormatNumber(moneyToMinor(major, country.mantissaLength), country);

export function zoneDraftOf(zone: TenantZone, country: MoneyCountry): ZoneDraft {
  const ring = zone.polygon ?? [];
  const open = ring.length > 1 ? ring.slice(0, -1) : ring;
  return {
    key: nextKey(),
    name: zone.name,
    kind: zone.polygon ? 'polygon' : 'radius',
    radiusMeters: zone.radiusMeters ?? NEW_ZONE_METERS,
    corners: open.map(([lng, lat]) => [lat, lng]),
    fee: moneyText(zone.fee, country),
    cashFee: moneyText(zone.cashFee, country),
    minimumOrderPrice: moneyText(zone.minimumOrderPrice, country),
    freeDeliveryFrom: moneyText(zone.freeDeliveryFrom, country),
  };
}

/** The point `meters` east of `center` (where a circle's radius handle sits). */
export function geoEastOf(center: LatLng, meters: number): Corner {
  return [center.lat, center.lng + meters / (METERS_PER_DEGREE * Math.cos((center.lat * Math.PI) / 180))];
}

/** A square of side 2×`half` metres centred on the location: where a new polygon starts. */
export function geoSquareAround(center: LatLng, half = NEW_ZONE_METERS): Corner[] {
  const dLat = half / METERS_PER_DEGREE;
  const dLng = half / (METERS_PER_DEGREE * Math.cos((center.lat * Math.PI) / 180));
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return [
    [round(center.lat + dLat), round(center.lng - dLng)],
    [round(center.lat + dLat), round(center.lng + dLng)],
    [round(center.lat - dLat), round(center.lng + dLng)],
    [round(center.lat - dLat), round(center.lng - dLng)],
  ];
}

export function zoneDraftNew(kind: ZoneDraft['kind'], center: LatLng, count: number): ZoneDraft {
  return {
    key: nextKey(),
    name: `Zona ${count + 1}`,
    kind,
    radiusMeters: NEW_ZONE_METERS,
    corners: geoSquareAround(center),
    fee: '',
    cashFee: '',
    minimumOrderPrice: '',
    freeDeliveryFrom: '',
  };
}

/** A radius from a dragged handle: whole metres, at least 1 (the tenant format's rule). */
export function radiusFromHandle(center: LatLng, handle: LatLng): number {
  return Math.max(1, Math.round(geoDistanceMeters(center, handle)));
}

/** The midpoint of each edge (after corner i), where a click adds a corner. */
export function cornerMidpoints(corners: readonly Corner[]): Corner[] {
  return corners.map((corner, i) => {
    const next = corners[(i + 1) % corners.length] ?? corner;
    return [(corner[0] + next[0]) / 2, (corner[1] + next[1]) / 2];
  });
}

const ringOf = (corners: readonly Corner[]): [number, number][] => {
  const ring = corners.map(([lat, lng]): [number, number] => [lng, lat]);
  const first = ring[0];
  return first ? [...ring, [first[0], first[1]]] : ring;
};

const POLYGON_WORDS: Record<DeliveryZonePolygonProblem, string> = {
  open: 'El polígono debe cerrarse',
  tooFewPoints: 'El polígono necesita al menos 3 vértices distintos',
  selfIntersecting: 'Los lados del polígono se cruzan: mueva los vértices para que no se crucen',
};

type MoneyField = 'fee' | 'cashFee' | 'minimumOrderPrice' | 'freeDeliveryFrom';
const REQUIRED: readonly MoneyField[] = ['fee', 'cashFee'];
const MONEY_FIELDS: readonly MoneyField[] = ['fee', 'cashFee', 'minimumOrderPrice', 'freeDeliveryFrom'];

/**
 * The zones in the tenant format, or the problems per field (keys as the API
 * names them: `[1].fee`, `[0].polygon`), in Spanish.
 */
export function zoneDraftsToTenant(
  drafts: readonly ZoneDraft[],
  country: MoneyCountry,
): { ok: true; zones: TenantZone[] } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const zones = drafts.map((draft, i): TenantZone => {
    const at = `[${i}]`;
    if (draft.name.trim() === '') fields[`${at}.name`] = 'Escriba el nombre de la zona';
    const amounts: Partial<Record<MoneyField, number>> = {};
    for (const field of MONEY_FIELDS) {
      const text = draft[field].trim();
      if (text === '') {
        if (REQUIRED.includes(field)) fields[`${at}.${field}`] = 'Escriba el importe (0 si no cobra)';
        continue;
      }
      const minor = moneyParseInput(text, country);
      if (minor === null) fields[`${at}.${field}`] = 'Escriba un importe válido, sin signo menos';
      else amounts[field] = moneyToMajor(minor, country.mantissaLength);
    }
    const shape: Pick<TenantZone, 'radiusMeters' | 'polygon'> = {};
    if (draft.kind === 'radius') {
      if (!Number.isInteger(draft.radiusMeters) || draft.radiusMeters < 1) {
        fields[`${at}.radiusMeters`] = 'El radio debe ser un número entero de metros, mayor que 0';
      }
      shape.radiusMeters = draft.radiusMeters;
    } else {
      shape.polygon = ringOf(draft.corners);
      const problem = deliveryZonePolygonProblem(shape.polygon);
      if (problem) fields[`${at}.polygon`] = POLYGON_WORDS[problem];
    }
    return {
      name: draft.name.trim(),
      ...shape,
      fee: amounts.fee ?? 0,
      cashFee: amounts.cashFee ?? 0,
      ...(amounts.minimumOrderPrice === undefined ? {} : { minimumOrderPrice: amounts.minimumOrderPrice }),
      ...(amounts.freeDeliveryFrom === undefined ? {} : { freeDeliveryFrom: amounts.freeDeliveryFrom }),
    };
  });
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, zones };
}

/**
 * The server's per-field problems where the form shows them. Its messages are
 * the tenant file's (written for whoever edits the file, in English): each
 * field gets a Spanish sentence naming what to review instead.
 */
export function zoneServerFields(fields: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const key of Object.keys(fields)) {
    const field = /^\[\d+\]\.?(\w*)/.exec(key)?.[1] ?? '';
    shown[key] =
      field === 'polygon'
        ? 'Revise el polígono: debe cerrarse, tener 3 vértices distintos y no cruzarse'
        : MONEY_FIELDS.includes(field as MoneyField)
          ? 'Revise este importe: sin signo menos y con los decimales de la moneda'
          : field === 'radiusMeters'
            ? 'El radio debe ser un número entero de metros, mayor que 0'
            : 'Revise los datos de esta zona';
  }
  return shown;
}
