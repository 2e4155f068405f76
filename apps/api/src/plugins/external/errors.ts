import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, statusText } from '../../lib/http-error';

interface ValidationIssue {
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** (ours) A request body that is not the JSON its content type says. */
export const BODY_UNREADABLE = 'El cuerpo de la solicitud no es un JSON válido';

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

function validationFields(issues: ValidationIssue[], context: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const missing = issue.params?.missingProperty ?? issue.params?.requiredProperties;
    const base = (issue.instancePath ?? '')
      .split('/')
      .filter(Boolean)
      .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
    const leaf = Array.isArray(missing) ? missing[0] : missing;
    const name = [context, base, typeof leaf === 'string' ? leaf : '']
      .filter(Boolean)
      .join('.')
      .replace(/\.\[/g, '[');
    fields[name] ??= leaf ? 'es obligatorio' : (issue.message ?? 'valor inválido');
  }
  return fields;
}
