import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, statusText } from '../../lib/http-error';
import { NUL_GUARD_MESSAGE } from '../../lib/nul-guard';

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** (ours) A request body that is not the JSON its content type says. */
export const BODY_UNREADABLE = 'El cuerpo de la solicitud no es un JSON válido';

/** (ours) What every request that needs the database answers while it is unreachable (storefront voice: tú). */
export const DATABASE_UNAVAILABLE =
  'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.';

/** The `Retry-After` of that 503: about the time a PostgreSQL restart or failover takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Error codes that say the database cannot be reached or is going away, not
 * that the request is wrong: refused or broken connections, the server
 * shutting down or starting up (57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now), too many connections (53300), a statement
 * cancelled by the statement timeout (57014), and every connection exception
 * (class 08).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
]);

/** node-postgres's own words for a connection lost, never made, or timed out (it gives them no code). */
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|Client has encountered a connection error/;

/** The first database-unavailable code or message in the error and its causes (drizzle wraps the driver's error). */
export function databaseErrorCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length > 0) {
    const current = queue.shift() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const code = typeof current.code === 'string' ? current.code : '';
    if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return code;
    if (typeof current.message === 'string' && UNAVAILABLE_MESSAGES.test(current.message))
      return current.message;
    queue.push(current.cause);
    // A connection refused on every address of a host comes as an AggregateError.
    if (Array.isArray(current.errors)) queue.push(...current.errors);
  }
  return undefined;
}

/** Whether an error means the database is unreachable (answered 503), not that the request failed. */
export function databaseUnavailable(error: unknown): boolean {
  return databaseErrorCode(error) !== undefined;
}

/**
 * Every error leaves as JSON `{ error, message, fields? }`. Schema validation
 * failures become 400 with one message per field, named by its path in the
 * request part (`body.items[0].quantity`, `querystring.orderModeId`).
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send({
          error: statusText[error.statusCode] ?? 'Error',
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
          ...error.extra,
        });
      }
      const fastifyError = error as FastifyError & {
        validation?: ValidationIssue[];
        validationContext?: string;
      };
      if (fastifyError.validation) {
        const fields = validationFields(fastifyError.validation, fastifyError.validationContext ?? 'body');
        const first = Object.entries(fields)[0];
        return reply.status(400).send({
          error: 'Bad Request',
          message: first ? `${first[0]}: ${first[1]}` : 'Solicitud inválida',
          fields,
        });
      }
      const status = fastifyError.statusCode ?? 500;
      // A body that could not be parsed (not JSON, empty with a JSON type) is bad input like any other:
      // one message, for the field `body`.
      if (status === 400 && fastifyError.code?.startsWith('FST_ERR_CTP_')) {
        return reply.status(400).send({
          error: 'Bad Request',
          message: `body: ${BODY_UNREADABLE}`,
          fields: { body: BODY_UNREADABLE },
        });
      }
      if (databaseUnavailable(error)) {
        // The database is down or restarting: a bounded wait (db/client.ts) ends here, as a 503 the
        // client may retry, never a 500 with a stack. The process serves again as soon as it is back.
        request.log.warn({ cause: databaseErrorCode(error) }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ error: 'Service Unavailable', message: DATABASE_UNAVAILABLE });
      }
      if (status >= 500) {
        request.log.error({ err: error }, 'unhandled error');
        return reply
          .status(500)
          .send({ error: 'Internal Server Error', message: 'Error interno del servidor' });
      }
      return reply
        .status(status)
        .send({ error: statusText[status] ?? 'Error', message: fastifyError.message });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({
        error: 'Not Found',
        message: `No existe la ruta ${request.method} ${request.url.split('?')[0]}`,
      });
    });
  },
  { name: 'errors' },
);

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route, in the
 * shape and language of every other answer. A URL whose percent-encoding is not
 * UTF-8 (the only way a URL can try to carry a lone surrogate) is a bad `url`.
 */
export function frameworkErrorAnswer(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send({
      error: 'Bad Request',
      message: `url: ${NUL_GUARD_MESSAGE}`,
      fields: { url: NUL_GUARD_MESSAGE },
    });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ error: 'URI Too Long', message: 'La dirección es demasiado larga' });
    return;
  }
  request.log.error({ err: error }, 'router error');
  reply.status(500).send({ error: 'Internal Server Error', message: 'Error interno del servidor' });
}

function validationFields(issues: ValidationIssue[], context: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const missing = issue.params?.missingProperty ?? issue.params?.requiredProperties;
    const extra = issue.params?.additionalProperty;
    const base = (issue.instancePath ?? '')
      .split('/')
      .filter(Boolean)
      .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
    const leaf = Array.isArray(missing) ? missing[0] : (missing ?? extra);
    const name = [context, base, typeof leaf === 'string' ? leaf : '']
      .filter(Boolean)
      .join('.')
      .replace(/\.\[/g, '[');
    fields[name] ??= missing ? 'es obligatorio' : validationMessage(issue);
  }
  return fields;
}

const TYPE_NAMES: Record<string, string> = {
  integer: 'un número entero',
  number: 'un número',
  string: 'un texto',
  boolean: 'verdadero o falso',
  array: 'una lista',
  object: 'un objeto',
  null: 'nulo',
};

const COMPARISONS: Record<string, string> = {
  '>=': 'mayor o igual a',
  '<=': 'menor o igual a',
  '>': 'mayor a',
  '<': 'menor a',
};

/** The validator's complaint in Spanish (the language of every message the API sends). */
function validationMessage(issue: ValidationIssue): string {
  const params = issue.params ?? {};
  const limit = params.limit;
  switch (issue.keyword) {
    case 'type': {
      const types = String(params.type ?? '')
        .split(',')
        .map((type) => TYPE_NAMES[type] ?? type);
      return `debe ser ${types.join(' o ')}`;
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `debe ser ${COMPARISONS[String(params.comparison)] ?? String(params.comparison)} ${String(limit)}`;
    case 'minLength':
      return `debe tener al menos ${String(limit)} caracteres`;
    case 'maxLength':
      return `debe tener como máximo ${String(limit)} caracteres`;
    case 'minItems':
      return `debe tener al menos ${String(limit)} elementos`;
    case 'maxItems':
      return `debe tener como máximo ${String(limit)} elementos`;
    case 'pattern':
    case 'format':
      return 'tiene un formato inválido';
    case 'enum':
      return `debe ser uno de: ${((params.allowedValues as unknown[] | undefined) ?? []).map(String).join(', ')}`;
    case 'const':
      return `debe ser ${String(params.allowedValue)}`;
    case 'additionalProperties':
      return 'no es un campo admitido';
    default:
      return 'valor inválido';
  }
}
