/**
 * Address search and reverse geocoding behind one interface, with two adapters
 * chosen by configuration (docs/ARCHITECTURE.md, "the outside world"):
 *
 * - `NominatimGeocoder` talks HTTP to a Nominatim-compatible server
 *   (`GEOCODER_URL`), for real addresses anywhere;
 * - `GazetteerGeocoder`, the default, answers from a small gazetteer of street
 *   segments shipped with the app (`gazetteer-data.json`), so the storefront
 *   works offline and tests never need the network.
 *
 * Nothing is cached: queries and coordinates are the diner's personal data.
 */
import type { LatLng } from '@comanda/domain/delivery-zone';
import { geoDistanceMeters } from '@comanda/domain/delivery-zone';
import type { Config } from '../config';
import gazetteerFile from './gazetteer-data.json';

/** One address as the address modal uses it (ordering §3 "User location"). */
export interface GeoAddress {
  /** What the diner reads in the suggestion list: `Honduras 4800, Palermo, Buenos Aires`. */
  label: string;
  street: string;
  number: string | null;
  /** Localidad. */
  city: string | null;
  province: string | null;
  postalCode: string | null;
  lat: number;
  lng: number;
}

export interface GeoSearchOptions {
  /** Results near this point rank first (the branch contact's location). */
  near?: LatLng | null;
  /** ISO 3166 alpha-2 codes, lower case; only addresses in these countries. */
  countryCodes: readonly string[];
  limit?: number;
}

/** Address search and reverse geocoding. */
export interface Geocoder {
  search(query: string, options: GeoSearchOptions): Promise<GeoAddress[]>;
  /** The address at (or nearest to) a point, or null when there is none close enough. */
  reverse(point: LatLng): Promise<GeoAddress | null>;
}

/** The geocoding service could not answer (network, time-out, error status, malformed body). */
export class GeocoderUnavailableError extends Error {
  override readonly name = 'GeocoderUnavailableError';
}

/** The spec's address-search countries (ordering §7), used when no branch contact narrows them. */
export const GEO_SEARCH_COUNTRIES = [
  'ar',
  'uy',
  'cl',
  'br',
  'pe',
  'co',
  've',
  'py',
  'mx',
  'ec',
  'bo',
] as const;

/** Suggestions returned by default. */
export const GEO_SEARCH_LIMIT = 6;

/** The geocoder the configuration asks for: Nominatim when GEOCODER_URL is set, else the gazetteer. */
export function geocoderFromConfig(config: Pick<Config, 'geocoderUrl' | 'publicUrl'>): Geocoder {
  if (config.geocoderUrl) {
    return new NominatimGeocoder({
      baseUrl: config.geocoderUrl,
      // Nominatim's usage policy asks every application to identify itself.
      userAgent: `Comanda/0.1 (+${config.publicUrl})`,
    });
  }
  return new GazetteerGeocoder();
}

// ---------------------------------------------------------------- text matching

/** Lower case, accents removed, punctuation as spaces: `Av. Córdoba` → `av cordoba`. */
export function geoNormalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Words a diner may or may not type before or inside a street name.
const NOISE_WORDS = new Set([
  'av',
  'avda',
  'avenida',
  'calle',
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'y',
  'n',
  'nro',
]);

/**
 * A query split into the words to match and the house number: the last group
 * of digits not followed by `de` (so `25 de Mayo 500` is street `25 de Mayo`,
 * number 500).
 */
export function geoQueryParse(query: string): { words: string[]; number: number | null } {
  const tokens = geoNormalize(query).split(' ').filter(Boolean);
  let numberIndex = -1;
  tokens.forEach((token, index) => {
    if (/^\d{1,5}$/.test(token) && tokens[index + 1] !== 'de') numberIndex = index;
  });
  const number = numberIndex >= 0 ? Number(tokens[numberIndex]) : null;
  const words = tokens.filter((token, index) => index !== numberIndex && !NOISE_WORDS.has(token));
  return { words, number };
}

// ---------------------------------------------------------------- gazetteer

/** One stretch of a street: house number `from` at `start` to `to` at `end`. */
export interface GazetteerSegment {
  street: string;
  neighbourhood: string;
  postalCode: string;
  from: number;
  to: number;
  start: LatLng;
  end: LatLng;
}

export interface Gazetteer {
  city: string;
  province: string;
  /** ISO 3166 alpha-2 of every segment. */
  country: string;
  segments: GazetteerSegment[];
}

interface IndexedSegment extends GazetteerSegment {
  streetWords: string[];
  placeWords: string[];
}

/** How far from a street a reverse lookup may land and still name it. */
export const GAZETTEER_REVERSE_MAX_METERS = 300;

/**
 * The offline geocoder: street segments with number ranges and end points; a
 * house number's point is interpolated along its segment, and a point's
 * address is the nearest segment's interpolated number. Search is accent- and
 * case-insensitive and matches word prefixes (`hond 48` is not a number match,
 * `hond 4800` is Honduras 4800).
 */
export class GazetteerGeocoder implements Geocoder {
  private readonly segments: IndexedSegment[];

  constructor(private readonly gazetteer: Gazetteer = gazetteerFile as Gazetteer) {
    const placeWords = geoNormalize(`${gazetteer.city} ${gazetteer.province} caba capital federal argentina`)
      .split(' ')
      .filter(Boolean);
    this.segments = gazetteer.segments.map((segment) => ({
      ...segment,
      streetWords: geoNormalize(segment.street).split(' '),
      placeWords: [
        ...geoNormalize(segment.neighbourhood).split(' '),
        ...placeWords,
        geoNormalize(segment.postalCode),
      ],
    }));
  }

  async search(query: string, options: GeoSearchOptions): Promise<GeoAddress[]> {
    if (!options.countryCodes.includes(this.gazetteer.country.toLowerCase())) return [];
    const { words, number } = geoQueryParse(query);
    if (words.length === 0) return [];
    const found = new Map<string, { address: GeoAddress; startsWith: boolean }>();
    for (const segment of this.segments) {
      const matchesStreet = words.some((word) => segment.streetWords.some((part) => part.startsWith(word)));
      const matchesAll = words.every((word) =>
        [...segment.streetWords, ...segment.placeWords].some((part) => part.startsWith(word)),
      );
      if (!matchesStreet || !matchesAll) continue;
      const low = Math.min(segment.from, segment.to);
      const high = Math.max(segment.from, segment.to);
      if (number !== null && (number < low || number > high)) continue;
      const key = `${segment.street}|${segment.neighbourhood}|${number ?? ''}`;
      if (found.has(key)) continue;
      const point =
        number === null
          ? this.interpolate(segment, (segment.from + segment.to) / 2)
          : this.interpolate(segment, number);
      const significant = segment.streetWords.filter((part) => !NOISE_WORDS.has(part));
      found.set(key, {
        address: this.address(segment, number, point),
        startsWith: significant[0]?.startsWith(words[0] ?? '') ?? false,
      });
    }
    const near = options.near;
    return [...found.values()]
      .sort(
        (a, b) =>
          Number(b.startsWith) - Number(a.startsWith) ||
          (near ? geoDistanceMeters(near, a.address) - geoDistanceMeters(near, b.address) : 0) ||
          a.address.label.localeCompare(b.address.label, 'es'),
      )
      .slice(0, options.limit ?? GEO_SEARCH_LIMIT)
      .map((entry) => entry.address);
  }

  async reverse(point: LatLng): Promise<GeoAddress | null> {
    let best: { segment: IndexedSegment; t: number; meters: number } | null = null;
    for (const segment of this.segments) {
      const t = this.project(segment, point);
      const meters = geoDistanceMeters(point, this.along(segment, t));
      if (!best || meters < best.meters) best = { segment, t, meters };
    }
    if (!best || best.meters > GAZETTEER_REVERSE_MAX_METERS) return null;
    const { segment, t } = best;
    const number = Math.round(segment.from + t * (segment.to - segment.from));
    return this.address(segment, number, this.interpolate(segment, number));
  }

  private address(segment: GazetteerSegment, number: number | null, point: LatLng): GeoAddress {
    const streetAndNumber = number === null ? segment.street : `${segment.street} ${number}`;
    return {
      label: `${streetAndNumber}, ${segment.neighbourhood}, ${this.gazetteer.city}`,
      street: segment.street,
      number: number === null ? null : String(number),
      city: this.gazetteer.city,
      province: this.gazetteer.province,
      postalCode: segment.postalCode,
      lat: round6(point.lat),
      lng: round6(point.lng),
    };
  }

  private interpolate(segment: GazetteerSegment, number: number): LatLng {
    const span = segment.to - segment.from;
    return this.along(segment, span === 0 ? 0 : (number - segment.from) / span);
  }

  private along(segment: GazetteerSegment, t: number): LatLng {
    return {
      lat: segment.start.lat + t * (segment.end.lat - segment.start.lat),
      lng: segment.start.lng + t * (segment.end.lng - segment.start.lng),
    };
  }

  /** Where along the segment (0…1) the point projects, on a local flat map scaled by latitude. */
  private project(segment: GazetteerSegment, point: LatLng): number {
    const scale = Math.cos((point.lat * Math.PI) / 180);
    const dx = (segment.end.lng - segment.start.lng) * scale;
    const dy = segment.end.lat - segment.start.lat;
    const px = (point.lng - segment.start.lng) * scale;
    const py = point.lat - segment.start.lat;
    const length = dx * dx + dy * dy;
    if (length === 0) return 0;
    return Math.min(1, Math.max(0, (px * dx + py * dy) / length));
  }
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

// ---------------------------------------------------------------- Nominatim

export interface NominatimOptions {
  /** Server root, e.g. `https://nominatim.openstreetmap.org`; `/search` and `/reverse` are appended. */
  baseUrl: string;
  userAgent: string;
  /** Per request; a slow geocoder must not hold the diner's modal. */
  timeoutMs?: number;
  language?: string;
}

/** The parts of a Nominatim `jsonv2` place this adapter reads. */
interface NominatimPlace {
  lat?: string;
  lon?: string;
  name?: string;
  display_name?: string;
  /** 26 is a street, 30 a house; below 26 a place is an area (suburb, city, country), not an address. */
  place_rank?: number;
  address?: Record<string, string | undefined>;
  error?: string;
}

/** A Nominatim answer larger than this is not a geocoding answer. */
const NOMINATIM_MAX_BODY_CHARS = 1_000_000;

/** Search box around the branch contact that Nominatim prefers (not bounded): about ±20 km. */
const NOMINATIM_VIEWBOX_DEGREES = 0.2;

/**
 * Nominatim's `/search?format=jsonv2&addressdetails=1&countrycodes=…` and
 * `/reverse?format=jsonv2&addressdetails=1`, with a User-Agent and a time-out;
 * places map to `GeoAddress` (road and house number, city or town, state,
 * postcode). Failures throw `GeocoderUnavailableError`.
 */
export class NominatimGeocoder implements Geocoder {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: NominatimOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  async search(query: string, options: GeoSearchOptions): Promise<GeoAddress[]> {
    const params = new URLSearchParams({
      q: query,
      format: 'jsonv2',
      addressdetails: '1',
      limit: String(options.limit ?? GEO_SEARCH_LIMIT),
      countrycodes: options.countryCodes.join(','),
    });
    if (options.near) {
      const { lat, lng } = options.near;
      const d = NOMINATIM_VIEWBOX_DEGREES;
      params.set('viewbox', [lng - d, lat + d, lng + d, lat - d].map((n) => n.toFixed(5)).join(','));
      params.set('bounded', '0');
    }
    const body = await this.get(`/search?${params}`);
    if (!Array.isArray(body)) throw new GeocoderUnavailableError('Nominatim search did not answer a list');
    const seen = new Set<string>();
    const addresses: GeoAddress[] = [];
    for (const place of body as NominatimPlace[]) {
      const address = nominatimAddress(place);
      if (!address || seen.has(address.label)) continue;
      seen.add(address.label);
      addresses.push(address);
    }
    return addresses;
  }

  async reverse(point: LatLng): Promise<GeoAddress | null> {
    const params = new URLSearchParams({
      lat: String(point.lat),
      lon: String(point.lng),
      format: 'jsonv2',
      addressdetails: '1',
      zoom: '18',
    });
    const body = (await this.get(`/reverse?${params}`)) as NominatimPlace | null;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new GeocoderUnavailableError('Nominatim reverse did not answer an object');
    }
    // Nominatim answers 200 `{ "error": "Unable to geocode" }` where there is nothing (the sea).
    if (body.error) return null;
    return nominatimAddress(body);
  }

  private async get(pathAndQuery: string): Promise<unknown> {
    const url = `${this.baseUrl}${pathAndQuery}`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          'user-agent': this.options.userAgent,
          accept: 'application/json',
          'accept-language': this.options.language ?? 'es',
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'is unreachable';
      throw new GeocoderUnavailableError(`Nominatim ${reason}`, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new GeocoderUnavailableError(`Nominatim answered ${response.status}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new GeocoderUnavailableError('Nominatim answer could not be read', { cause: error });
    }
    if (text.length > NOMINATIM_MAX_BODY_CHARS)
      throw new GeocoderUnavailableError('Nominatim answer too large');
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new GeocoderUnavailableError('Nominatim answered something that is not JSON', { cause: error });
    }
  }
}

/** Nominatim's place rank of a street; anything coarser is not an address. */
const NOMINATIM_STREET_RANK = 26;

/** A Nominatim place as a `GeoAddress`, or null when it is an area or has no usable street or coordinates. */
export function nominatimAddress(place: NominatimPlace): GeoAddress | null {
  if (typeof place.place_rank === 'number' && place.place_rank < NOMINATIM_STREET_RANK) return null;
  const lat = Number(place.lat);
  const lng = Number(place.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  const a = place.address ?? {};
  const street = a.road ?? a.pedestrian ?? a.footway ?? a.residential ?? place.name;
  if (!street) return null;
  const number = a.house_number ?? null;
  const city = a.city ?? a.town ?? a.village ?? a.municipality ?? a.county ?? null;
  const area = a.suburb ?? a.neighbourhood ?? a.city_district ?? null;
  const label = [number ? `${street} ${number}` : street, area !== city ? area : null, city]
    .filter((part): part is string => Boolean(part))
    .join(', ');
  return {
    label,
    street,
    number,
    city,
    province: a.state ?? null,
    postalCode: a.postcode ?? null,
    lat,
    lng,
  };
}
