/**
 * The geo API behind the address modal '¿Dónde te encuentras?' (ordering §2,
 * §7 "address autocomplete", "map tiles"): address search, reverse geocoding and
 * the map settings. The geocoder is the configured one (services/geocoder.ts):
 * Nominatim when GEOCODER_URL is set, else the offline gazetteer.
 *
 * Diners' queries and positions are personal: answers are `no-store` and
 * nothing is cached or logged beyond the request line.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import { badRequest, HttpError, notFound } from '../../../lib/http-error';
import { branchContactFind, companyWithCountryFind } from '../../../repositories/tenant-repository';
import { LatitudeParam, LongitudeParam } from '../../../schemas/delivery-info';
import { ErrorSchema } from '../../../schemas/diner';
import {
  GeoConfigSchema,
  type GeoConfigView,
  GeoReverseSchema,
  GeoSearchQuerySchema,
  GeoSearchSchema,
} from '../../../schemas/geo';
import {
  GEO_SEARCH_COUNTRIES,
  GeocoderUnavailableError,
  geocoderFromConfig,
} from '../../../services/geocoder';

/** Ordering §9: the address modal's map starts at zoom 5 on a Buenos Aires coordinate (the Obelisco). */
export const MAP_DEFAULT_CENTER = { lat: -34.603722, lng: -58.381592 } as const;
export const MAP_DEFAULT_ZOOM = 5;
/** Close enough to see the block and drag the marker onto the right door. */
export const MAP_ADDRESS_ZOOM = 16;
const MAP_MAX_ZOOM = 19;
// OpenStreetMap's tile usage policy requires this credit; other OSM-based tile servers share it.
const MAP_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

const geoErrors = { 400: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema, 502: ErrorSchema } as const;

/** The geocoder is failing: logged for us (without the diner's query), 502 for the diner, who can type the address. */
function unavailable(error: GeocoderUnavailableError, log: FastifyBaseLogger): HttpError {
  log.warn({ reason: error.message }, 'geocoder unavailable');
  return new HttpError(502, 'El servicio de direcciones no está disponible; ingrese la dirección a mano');
}

const geoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const geocoder = geocoderFromConfig(app.config);
  const rateLimit = { max: 60, timeWindow: '1 minute' };

  app.get(
    '/config',
    {
      schema: {
        tags: ['geo'],
        summary: 'Map settings for the address modal: tile URL, attribution, default centre and zoom',
        response: { 200: GeoConfigSchema, 429: ErrorSchema },
      },
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      const view: GeoConfigView = {
        tileUrl: app.config.mapTileUrl,
        attribution: MAP_ATTRIBUTION,
        defaultCenter: { ...MAP_DEFAULT_CENTER },
        defaultZoom: MAP_DEFAULT_ZOOM,
        addressZoom: MAP_ADDRESS_ZOOM,
        maxZoom: MAP_MAX_ZOOM,
      };
      return view;
    },
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['geo'],
        summary: 'Address suggestions for what the diner typed (street and number)',
        description:
          "With `branchContactId`, addresses in its company's country only, nearest to it first; otherwise the " +
          "spec's countries (ar uy cl br pe co ve py mx ec bo). 502 when the configured geocoder fails.",
        querystring: GeoSearchQuerySchema,
        response: { 200: GeoSearchSchema, ...geoErrors },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const query = request.query.q.trim();
      if (query.length < 3) {
        throw badRequest('querystring.q: debe tener al menos 3 caracteres', {
          'querystring.q': 'debe tener al menos 3 caracteres',
        });
      }
      let near = null;
      let countryCodes: readonly string[] = GEO_SEARCH_COUNTRIES;
      const branchContactId = request.query.branchContactId;
      if (branchContactId !== undefined) {
        const contact = await branchContactFind(app.db, branchContactId);
        const company = contact ? await companyWithCountryFind(app.db, contact.companyId) : undefined;
        if (!contact || !company) throw notFound(`No existe el local ${branchContactId}`);
        if (contact.lat !== null && contact.lng !== null) near = { lat: contact.lat, lng: contact.lng };
        countryCodes = [company.country.code.toLowerCase()];
      }
      reply.header('cache-control', 'no-store');
      try {
        return { suggestions: await geocoder.search(query, { near, countryCodes }) };
      } catch (error) {
        if (error instanceof GeocoderUnavailableError) throw unavailable(error, request.log);
        throw error;
      }
    },
  );

  app.get(
    '/reverse',
    {
      schema: {
        tags: ['geo'],
        summary: 'The address at a point (the marker the diner dropped); null when none is close',
        querystring: Type.Object({ lat: LatitudeParam, lng: LongitudeParam }),
        response: { 200: GeoReverseSchema, ...geoErrors },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return { address: await geocoder.reverse({ lat: request.query.lat, lng: request.query.lng }) };
      } catch (error) {
        if (error instanceof GeocoderUnavailableError) throw unavailable(error, request.log);
        throw error;
      }
    },
  );
};

export default geoRoutes;
