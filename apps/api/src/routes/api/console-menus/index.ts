/**
 * The menu editor (issue 19, ADR 053): a brand's menus, garnish groups and
 * menu discounts, read and saved in the tenant format through the tenant
 * import's validator and writer (ADR 051). The OWNER's only: session first
 * (401), then the role (403), then the brand's company (404).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type TSchema, Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { ConsoleErrorSchema, consoleErrors } from '../../../presenters/console-schemas';
import {
  type MenuPart,
  venueMenuPartGet,
  venueMenuPartSave,
  venueMenusList,
} from '../../../services/venue-menus';
import { TenantFileSchema } from '../../../tenant/tenant-format';

// The parts' schemas are the tenant format's own: one definition for a file and for a screen.
const BrandSchema = TenantFileSchema.properties.branches.items;
const MenuSchema = BrandSchema.properties.menus.items;
const GarnishGroupsSchema = Type.Array(BrandSchema.properties.garnishGroups.items);
const MenuDiscountsSchema = Type.Array(BrandSchema.properties.discounts.items);

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Version = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'The version the editor read; a save over a version that moved answers 409',
});
const BranchParams = Type.Object({ branchId: Id }, { additionalProperties: false });
const MenuParams = Type.Object(
  { branchId: Id, menuKey: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

const MenuUseSchema = Type.Object({
  branchContactId: Type.Integer(),
  branchContactName: Type.String(),
  orderModeType: Type.String({ description: 'DELIVERY, TAKE_AWAY, DINE_IN or SELF_SERVICE' }),
  orderModeName: Type.String(),
});

const MenusListSchema = Type.Object({
  country: Type.Object({
    code: Type.String(),
    currency: Type.Object({ code: Type.String(), symbol: Type.String() }),
    mantissaLength: Type.Integer({ description: 'Decimals of the money values (major units)' }),
  }),
  brands: Type.Array(
    Type.Object({
      id: Type.Integer(),
      alias: Type.String(),
      name: Type.String(),
      menus: Type.Array(
        Type.Object({
          id: Type.Integer(),
          key: Type.String(),
          name: Type.String(),
          usedBy: Type.Array(MenuUseSchema, { description: 'The locations and order modes serving it' }),
        }),
      ),
    }),
  ),
});

const editErrors = (schema: TSchema) => ({
  ...consoleErrors,
  409: Type.Object({
    error: Type.String(),
    message: Type.String(),
    current: Type.Object(
      { value: schema, version: Type.String() },
      { description: 'The part as stored now, to reload the editor with' },
    ),
  }),
  400: ConsoleErrorSchema,
});

const DESCRIPTION =
  'Values in the tenant format (tenant/v1), money in major units. A save is checked by the tenant ' +
  "import's validator (400 with a message per field, paths relative to the part, e.g. " +
  '`categories[0].plates[2].price`), written by its writer in one transaction, recorded in the history ' +
  'and served to diners at once. OWNER only: 403 for STAFF, 404 for another company’s brand.';

const consoleMenusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);
  const deps = { db: app.db, log: app.log, now: () => app.clock.now() };

  app.get(
    '/menus',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: "The company's brands with their menus and the locations and modes using each (owner only)",
        response: { 200: MenusListSchema, ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return venueMenusList(app.db, staffOf(request));
    },
  );

  /** GET and PUT of one part, answered under `field`. */
  const part = <P extends typeof BranchParams | typeof MenuParams>(
    url: string,
    params: P,
    field: string,
    schema: TSchema,
    what: string,
    partOf: (params: Record<string, unknown>) => MenuPart,
  ) => {
    const Answer = Type.Object({ [field]: schema, version: Type.String() });
    app.get(
      url,
      {
        schema: {
          tags: ['console'],
          security: [{ staffSession: [] }],
          summary: `${what}, with its version (owner only)`,
          description: DESCRIPTION,
          params,
          response: { 200: Answer, ...consoleErrors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const p = request.params as Record<string, unknown>;
        const read = await venueMenuPartGet(app.db, staffOf(request), Number(p.branchId), partOf(p));
        return { [field]: read.value, version: read.version };
      },
    );
    app.put(
      url,
      {
        schema: {
          tags: ['console'],
          security: [{ staffSession: [] }],
          summary: `Saves ${what.charAt(0).toLowerCase()}${what.slice(1)} (owner only)`,
          description: DESCRIPTION,
          params,
          body: Type.Object({ version: Version, [field]: schema }, { additionalProperties: false }),
          response: {
            200: Type.Object({
              [field]: schema,
              version: Type.String(),
              changed: Type.Boolean({ description: 'False when the value saved was the stored one' }),
            }),
            ...editErrors(schema),
          },
        },
      },
      async (request) => {
        const p = request.params as Record<string, unknown>;
        const body = request.body as Record<string, unknown>;
        const saved = await venueMenuPartSave(deps, staffOf(request), Number(p.branchId), partOf(p), {
          value: body[field],
          version: String(body.version),
        });
        return { [field]: saved.value, version: saved.version, changed: saved.changed };
      },
    );
  };

  part('/branches/:branchId/menus/:menuKey', MenuParams, 'menu', MenuSchema, "A brand's menu", (p) => ({
    kind: 'menu',
    menuKey: String(p.menuKey),
  }));
  part(
    '/branches/:branchId/garnish-groups',
    BranchParams,
    'garnishGroups',
    GarnishGroupsSchema,
    "A brand's garnish groups",
    () => ({ kind: 'garnishGroups' }),
  );
  part(
    '/branches/:branchId/menu-discounts',
    BranchParams,
    'discounts',
    MenuDiscountsSchema,
    "A brand's menu discounts",
    () => ({ kind: 'menuDiscounts' }),
  );
};

export default consoleMenusRoutes;
