/**
 * `GET`/`PUT /api/console/soldout` (issue 19, ADR 052): what a location can
 * mark 'Agotado' and the switch itself. Session first, then the location: 404
 * for another company's, 403 for one the staff member may not see. STAFF of
 * the location and the OWNER may switch.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { consoleErrors } from '../../../presenters/console-schemas';
import { SOLD_OUT_KINDS, soldOutList, soldOutSet } from '../../../services/sold-out-service';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const tags = ['console'];
const security = [{ staffSession: [] }];

const StateFields = {
  itemKey: Type.String({
    description: 'PLATE: the plate key; SIZE: `plateKey/sizeKey`; GARNISH_ITEM: `groupKey/itemKey`',
  }),
  soldOut: Type.Boolean(),
  until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'Back on sale at this instant; null while on sale or sold out until switched back',
  }),
};

const ItemSchema = Type.Object({ ...StateFields, name: Type.String() });

const ListSchema = Type.Object({
  branchContactId: Type.Integer(),
  timeZone: Type.String(),
  untilToday: Type.String({
    format: 'date-time',
    description: "What 'Por hoy' sets now: the location's next opening",
  }),
  categories: Type.Array(
    Type.Object({
      name: Type.String(),
      plates: Type.Array(Type.Object({ ...ItemSchema.properties, sizes: Type.Array(ItemSchema) })),
    }),
  ),
  garnishGroups: Type.Array(Type.Object({ name: Type.String(), items: Type.Array(ItemSchema) })),
});

const MarkSchema = Type.Object({
  ...StateFields,
  branchContactId: Type.Integer(),
  kind: Type.Enum([...SOLD_OUT_KINDS]),
  changed: Type.Boolean({ description: 'False when the item already was in the asked state' }),
});

const consoleSoldOutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);
  const deps = () => ({ db: app.db, realtime: app.realtime, now: () => app.clock.now(), log: app.log });

  app.get(
    '/soldout',
    {
      schema: {
        tags,
        security,
        summary: "A location's plates, sizes and garnish items with their sold-out state",
        description:
          'Every plate (with its sizes) and garnish item of the menus the location’s active order modes ' +
          'serve, named by the keys its marks use, with whether each is sold out and until when.',
        querystring: Type.Object({ branchContactId: Id }, { additionalProperties: false }),
        response: { 200: ListSchema, ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return soldOutList(deps(), staffOf(request), request.query.branchContactId);
    },
  );

  app.put(
    '/soldout',
    {
      schema: {
        tags,
        security,
        summary: "Marks an item 'Agotado' at a location, or back on sale",
        description:
          "until 'today': back on sale at the location's next opening (after the service under way); " +
          "'manual': until switched back. Idempotent (one mark per location, kind and key); a change bumps " +
          'the company’s content version (every diner menu follows at once), is recorded in the history ' +
          'and is published to console-{branchContactId} as sold-out-updated.',
        body: Type.Object(
          {
            branchContactId: Id,
            kind: Type.Enum([...SOLD_OUT_KINDS]),
            itemKey: Type.String({ minLength: 1, maxLength: 300 }),
            soldOut: Type.Boolean(),
            until: Type.Enum(['today', 'manual'], { default: 'today' }),
          },
          { additionalProperties: false },
        ),
        response: { 200: MarkSchema, ...consoleErrors },
      },
    },
    async (request) => soldOutSet(deps(), staffOf(request), request.body),
  );
};

export default consoleSoldOutRoutes;
