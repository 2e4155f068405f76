/**
 * An error the API answers on purpose. The error handler turns it into
 * `{ error, message, fields? }` with its status; anything else is a 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Per-field messages for 400s: `{ "items[0].quantity": "…" }`. */
    readonly fields?: Record<string, string>,
    /** Extra JSON merged into the body (e.g. the server's breakdown on a 409). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, fields);
export const unauthorized = (message = 'Se requiere autenticación') => new HttpError(401, message);
export const forbidden = (message = 'No tiene permisos para esta acción') => new HttpError(403, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(409, message, undefined, extra);

export const statusText: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
