/**
 * Diner reads under /api/diner (ordering §7). Handlers are thin: the schema
 * validates and documents, a service answers, presenters shaped the JSON.
 *
 * Routing note: static segments win over parameters in Fastify's router, and it
 * falls back to the parametric route when a static branch does not match the
 * rest of the path. So `/api/diner/companies/1` is the company route while an
 * alias literally named `companies` still resolves at `/api/diner/companies`,
 * and `/api/diner/menu/{alias}/hash` does not shadow a branch contact whose
 * alias is `menu` at `/api/diner/menu/menu/{id}` (tested in diner-routing).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { replyNotModified } from '../../../plugins/external/compression';
import {
  AliasParam,
  BranchContactSchema,
  BranchSchema,
  DinerEntitySchema,
  errorResponses,
  FileTypeSchema,
  FileUrlSchema,
  IdParam,
  MenuDiscountSchema,
  MenuHashesSchema,
  MenuSchema,
  type MenuView,
  OrderModeSchema,
} from '../../../schemas/diner';
import {
  branchContactGet,
  branchDiscounts,
  branchOrderModes,
  companyBranchesPage,
  companyGet,
  dinerEntityResolve,
  fileUrlGet,
} from '../../../services/diner-service';
import {
  etagMatches,
  type MenuEntry,
  menuForBranchContact,
  menuForBranchContactCached,
  menuHashesForAlias,
} from '../../../services/menu-service';

/** The spec's branch page size (ordering §9). */
export const BRANCH_PAGE_SIZE = 99;

const dinerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = () => ({ db: app.db, publicUrl: app.config.publicUrl, config: app.config });

  app.get(
    '/:alias',
    {
      schema: {
        tags: ['diner'],
        summary: 'What a storefront alias names: a company, a branch or a branch contact',
        params: Type.Object({ alias: AliasParam }),
        response: { 200: DinerEntitySchema, ...errorResponses },
      },
    },
    async (request) => dinerEntityResolve(ctx(), request.params.alias),
  );

  app.get(
    '/file/:id/url',
    {
      schema: {
        tags: ['diner'],
        summary: 'Absolute url of a logo (branch id), banner logo (branch id), plate or category image',
        params: Type.Object({ id: IdParam }),
        querystring: Type.Object({ type: FileTypeSchema }),
        response: { 200: FileUrlSchema, ...errorResponses },
      },
    },
    async (request) => fileUrlGet(ctx(), request.params.id, request.query.type),
  );

  app.get(
    '/menu/:alias/hash',
    {
      schema: {
        tags: ['diner'],
        summary: 'Menu hash per order mode (the menu ETag); without ids, every active mode under the alias',
        params: Type.Object({ alias: AliasParam }),
        querystring: Type.Object({
          orderModeId: Type.Optional(Type.Array(IdParam, { maxItems: 50 })),
        }),
        response: { 200: MenuHashesSchema, ...errorResponses },
      },
    },
    async (request) => ({
      menuHashes: await menuHashesForAlias(app.db, request.params.alias, request.query.orderModeId),
    }),
  );

  app.get(
    '/:branchContactAlias/menu/:branchContactId',
    {
      schema: {
        tags: ['diner'],
        summary: 'The menu of an order mode of a branch contact',
        description:
          'Carries its content hash as ETag; a matching If-None-Match gets 304 with no body. ' +
          'The alias and the id must name the same branch contact, and the mode must be one of its active modes. ' +
          'Without `orderModeId` (as the spec’s clients ask) it is the menu of the location’s first active mode, ' +
          'with the spec’s top-level `plates` list as well.',
        params: Type.Object({ branchContactAlias: AliasParam, branchContactId: IdParam }),
        querystring: Type.Object({ orderModeId: Type.Optional(IdParam) }),
        response: {
          200: MenuSchema,
          304: Type.Null({ description: 'Not modified: the client already has this menu' }),
          ...errorResponses,
        },
      },
    },
    (request, reply) => {
      const query = {
        branchContactAlias: request.params.branchContactAlias,
        branchContactId: request.params.branchContactId,
        orderModeId: request.query.orderModeId,
      };
      // A hit answers in this turn of the event loop; a miss (or a 404) takes the long way. Either returns
      // the reply it sent (Fastify's way of saying so), which the schema-typed handler cannot name.
      const cached = menuForBranchContactCached(app.db, query);
      if (cached) return menuReply(request, reply, cached) as never;
      return menuForBranchContact(app.db, query).then((entry) => menuReply(request, reply, entry)) as never;
    },
  );

  app.get(
    '/:branchId/discounts',
    {
      schema: {
        tags: ['diner'],
        summary: "A branch's menu discounts, with the ids of their plates in every menu of the branch",
        params: Type.Object({ branchId: IdParam }),
        response: { 200: Type.Object({ discounts: Type.Array(MenuDiscountSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ discounts: await branchDiscounts(app.db, request.params.branchId) }),
  );

  app.get(
    '/branchordermodes/:branchId',
    {
      schema: {
        tags: ['diner'],
        summary: 'Active order modes of every location of a branch, with schedules and payment types',
        params: Type.Object({ branchId: IdParam }),
        response: { 200: Type.Object({ orderModes: Type.Array(OrderModeSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ orderModes: await branchOrderModes(ctx(), request.params.branchId) }),
  );

  app.get(
    '/companies/:companyId',
    {
      schema: {
        tags: ['diner'],
        summary: 'A company: name and alias',
        params: Type.Object({ companyId: IdParam }),
        response: {
          200: Type.Object({ id: Type.Integer(), name: Type.String(), alias: Type.String() }),
          ...errorResponses,
        },
      },
    },
    async (request) => companyGet(app.db, request.params.companyId),
  );

  app.get(
    '/companies/:alias/branches',
    {
      schema: {
        tags: ['diner'],
        summary: "One page of a company's branches",
        params: Type.Object({ alias: AliasParam }),
        querystring: Type.Object({
          offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
          pageSize: Type.Integer({ minimum: 1, maximum: 100, default: BRANCH_PAGE_SIZE }),
        }),
        response: {
          200: Type.Object({
            branches: Type.Array(BranchSchema),
            total: Type.Integer({ description: 'Branches of the company in all pages' }),
            offset: Type.Integer(),
            pageSize: Type.Integer(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) =>
      companyBranchesPage(ctx(), request.params.alias, {
        offset: request.query.offset,
        pageSize: request.query.pageSize,
      }),
  );

  app.get(
    '/branchcontacts/:id',
    {
      schema: {
        tags: ['diner'],
        summary: 'A branch contact (location) with its branch, country and active order modes',
        params: Type.Object({ id: IdParam }),
        response: { 200: BranchContactSchema, ...errorResponses },
      },
    },
    async (request) => branchContactGet(ctx(), request.params.id),
  );
};

export default dinerRoutes;

/** The menu's answer: its hash as ETag, a 304 when the client holds it, else its bytes as they are. */
function menuReply(request: FastifyRequest, reply: FastifyReply, entry: MenuEntry): FastifyReply {
  const etag = `"${entry.hash}"`;
  // no-cache: browsers and proxies may keep the menu but must revalidate, which costs a 304.
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (etagMatches(request.headers['if-none-match'], etag)) {
    return replyNotModified(request, reply, etag, entry.bytes);
  }
  // The body is the cached, already-serialized MenuView: sent as is, byte for byte what was hashed.
  return reply.type('application/json; charset=utf-8').send(entry.utf8 as unknown as MenuView);
}
