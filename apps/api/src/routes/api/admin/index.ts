/**
 * Tenant administration under /api/admin, for the operator holding ADMIN_TOKEN:
 * import a `tenant/v1` file, export a tenant back in the same format.
 */

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound, unauthorized } from '../../../lib/http-error';
import { contentChangedPublish } from '../../../services/content-cache';
import { menuCacheClear } from '../../../services/menu-service';
import { tenantExport } from '../../../tenant/tenant-export';
import { ALIAS_PATTERN, TenantFileSchema } from '../../../tenant/tenant-format';
import { tenantImport } from '../../../tenant/tenant-import';

/** Tenant files carry whole menus; the API's default body limit is far smaller. */
export const TENANT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

const ErrorSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  /** Per-parameter messages of a malformed request (`params.companyAlias`). */
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
});

const CountsSchema = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  removed: Type.Integer(),
});

const ImportResponseSchema = Type.Object({
  companyId: Type.Integer(),
  companyAlias: Type.String(),
  /** False when the database already matched the file (nothing was written). */
  changed: Type.Boolean(),
  /** Per kind of entity (`plates`, `orderModes`…), what the import did. */
  summary: Type.Record(Type.String(), CountsSchema),
});

const ImportRefusedSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  /** Every problem of the file, as `"<json path>: <message>"` (absent when the body is not JSON at all). */
  errors: Type.Optional(Type.Array(Type.String())),
  /** The same problems by field (`"branches[0].alias": "…"`), the first per field, as every other 400. */
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/** `"<json path>: <message>"` problems as one message per field (the first of each; a pathless one under `file`). */
function problemFields(errors: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of errors) {
    const at = problem.indexOf(': ');
    const [field, message] = at > 0 ? [problem.slice(0, at), problem.slice(at + 2)] : ['file', problem];
    fields[field] ??= message;
  }
  return fields;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * True when `header` is `Bearer <configured token>`. Both sides are hashed
 * first so the comparison takes the same time whatever the lengths; with no
 * token configured the admin API stays closed.
 */
export function adminTokenMatches(header: string | undefined, configured: string | undefined): boolean {
  if (!configured || !header) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(configured));
}

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Runs before the body is read: an unauthenticated upload is refused unread.
  app.addHook('onRequest', async (request, reply) => {
    if (!adminTokenMatches(request.headers.authorization, app.config.adminToken)) {
      reply.header('www-authenticate', 'Bearer realm="admin"');
      throw unauthorized('Se requiere el token de administración (Authorization: Bearer …)');
    }
  });

  app.post(
    '/tenants',
    {
      bodyLimit: TENANT_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Import a tenant (tenant/v1): creates it, or updates it in place',
        description:
          'The whole file is validated first; every problem is listed by JSON path and nothing is written. ' +
          'Rows are matched by aliases and keys; importing the same file again reports changed: false. ' +
          'Orders, customers’ points and history are never altered.',
        security: [{ adminToken: [] }],
        body: TenantFileSchema,
        response: { 200: ImportResponseSchema, 400: ImportRefusedSchema, 401: ErrorSchema, 413: ErrorSchema },
      },
      // The body schema documents the format; the importer validates it, so that
      // every problem (shape and cross-references) comes back in one list, and so
      // that no type coercion rewrites the file before it is checked.
      validatorCompiler: () => (value) => ({ value }),
    },
    async (request, reply) => {
      const result = await tenantImport(app.db, request.body);
      if (!result.ok) {
        return reply.status(400).send({
          error: 'Bad Request',
          message: `El archivo no cumple el formato tenant/v1 (${result.errors.length} problema(s)); no se importó nada`,
          errors: result.errors,
          fields: problemFields(result.errors),
        });
      }
      // Stale entries are never served (the cache keys on contentVersion); this frees them now.
      if (result.changed) {
        menuCacheClear();
        // Every process's cached diner reads of this company follow the import.
        await contentChangedPublish(app.db, result.companyId);
        // A staff member removed, a location taken away or a password changed: their consoles stop hearing now.
        await app.realtime.staffRecheck();
      }
      request.log.info(
        { companyAlias: result.companyAlias, changed: result.changed },
        'tenant imported through the admin API',
      );
      return {
        companyId: result.companyId,
        companyAlias: result.companyAlias,
        changed: result.changed,
        summary: result.summary,
      };
    },
  );

  app.get(
    '/tenants/:companyAlias',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Export a tenant in the tenant/v1 format (secrets left out)',
        security: [{ adminToken: [] }],
        params: Type.Object({ companyAlias: Type.String({ pattern: ALIAS_PATTERN }) }),
        response: { 200: TenantFileSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const tenant = await tenantExport(app.db, request.params.companyAlias);
      if (!tenant) throw notFound(`No existe una empresa con el alias ${request.params.companyAlias}`);
      return tenant;
    },
  );
};

export default adminRoutes;
