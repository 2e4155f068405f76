/**
 * `/api/console/branchcontacts/{id}/delivery-zones` (ADR 055): a location's
 * delivery zones for its company's OWNER — read, saved through the tenant
 * import's validator, and a test address checked against them (saved or an
 * unsaved draft). Session first (401), then the company (404), the location
 * (403) and the role (403).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { ConsoleErrorSchema, consoleErrors } from '../../../presenters/console-schemas';
import { geocoderFromConfig } from '../../../services/geocoder';
import { zonesCheck, zonesRead, zonesSave } from '../../../services/zones-service';

const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

// The shape only: every rule (money decimals, non-negative amounts, radius or polygon, a proper ring) is the
// tenant import's validator's, which answers per field (ADR 051).
const ZoneSchema = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    radiusMeters: Type.Optional(Type.Number({ description: 'Metres around the location; or polygon' })),
    polygon: Type.Optional(
      Type.Array(Type.Array(Type.Number(), { maxItems: 2 }), {
        maxItems: 1000,
        description: 'A closed ring of [lng, lat] pairs (GeoJSON order), the last repeating the first',
      }),
    ),
    fee: Type.Number({ description: 'Delivery fee, major units' }),
    cashFee: Type.Number({ description: 'Delivery fee when paying cash, major units' }),
    minimumOrderPrice: Type.Optional(Type.Number()),
    freeDeliveryFrom: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);

const zonesViewProperties = {
  zones: Type.Array(ZoneSchema, {
    description: 'In the tenant format; the first listed zone holding a point applies',
  }),
  version: Type.String({ description: 'Send back with the save: a stale one answers 409' }),
  location: Type.Object({
    name: Type.String(),
    lat: Type.Union([Type.Number(), Type.Null()]),
    lng: Type.Union([Type.Number(), Type.Null()]),
  }),
  country: Type.Object({
    code: Type.String(),
    currency: Type.Object({ code: Type.String(), symbol: Type.String() }),
    mantissaLength: Type.Integer(),
  }),
};
const ZonesViewSchema = Type.Object(zonesViewProperties);

const ZonesConflictSchema = Type.Object({
  ...ConsoleErrorSchema.properties,
  current: Type.Object({ value: Type.Array(ZoneSchema), version: Type.String() }),
});

const consoleZonesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);
  const geocoder = geocoderFromConfig(app.config);
  const deps = () => ({ db: app.db, log: app.log, now: () => app.clock.now() });

  app.get(
    '/branchcontacts/:id/delivery-zones',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: "A location's delivery zones as the tenant file writes them (owner only)",
        description:
          'With the location (its coordinates are read-only here), the money format of the company and the ' +
          'version to send back with a save. 404 another company’s location; 403 for STAFF.',
        params: Params,
        response: { 200: ZonesViewSchema, ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return zonesRead(deps(), staffOf(request), request.params.id);
    },
  );

  app.put(
    '/branchcontacts/:id/delivery-zones',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: "Replaces a location's delivery zones (owner only)",
        description:
          'Validated by the tenant import’s rules (400 with a message per field, paths relative to the list: ' +
          '`[1].polygon`), saved in one transaction that bumps the menu content version, recorded in the ' +
          'history. 409 with the current zones when `version` is stale.',
        params: Params,
        body: Type.Object(
          {
            zones: Type.Array(ZoneSchema, { maxItems: 100 }),
            version: Type.Optional(Type.String({ maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ ...zonesViewProperties, changed: Type.Boolean() }),
          ...consoleErrors,
          409: ZonesConflictSchema,
        },
      },
    },
    async (request) => {
      const { zones, version } = request.body;
      return zonesSave(deps(), staffOf(request), request.params.id, {
        zones: zones as Parameters<typeof zonesSave>[3]['zones'],
        ...(version === undefined ? {} : { version }),
      });
    },
  );

  app.post(
    '/branchcontacts/:id/delivery-zones/check',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: 'Whether the location delivers to a test address (owner only)',
        description:
          'The address is found with the API’s geocoder (the storefront’s), or given as lat/lng. Checked ' +
          'against `zones` (an unsaved draft, validated as a save would be; fields under `zones`) or the saved ' +
          'zones, with the checkout’s zone matching (the first listed zone holding the point).',
        params: Params,
        body: Type.Object(
          {
            address: Type.Optional(Type.String({ maxLength: 200 })),
            lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
            lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
            zones: Type.Optional(Type.Array(ZoneSchema, { maxItems: 100 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            reached: Type.Boolean(),
            zone: Type.Optional(
              Type.Object({
                name: Type.String(),
                fee: Type.Number(),
                cashFee: Type.Number(),
                minimumOrderPrice: Type.Optional(Type.Number()),
                freeDeliveryFrom: Type.Optional(Type.Number()),
              }),
            ),
            point: Type.Object({
              lat: Type.Number(),
              lng: Type.Number(),
              label: Type.Union([Type.String(), Type.Null()], { description: 'The address found' }),
            }),
            message: Type.String({ description: "In Spanish: 'Sí, llega: zona Centro, envío $ 1.500'" }),
          }),
          ...consoleErrors,
          502: ConsoleErrorSchema,
        },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { zones, ...point } = request.body;
      return zonesCheck({ ...deps(), geocoder }, staffOf(request), request.params.id, {
        ...point,
        ...(zones ? { zones: zones as Parameters<typeof zonesSave>[3]['zones'] } : {}),
      });
    },
  );
};

export default consoleZonesRoutes;
