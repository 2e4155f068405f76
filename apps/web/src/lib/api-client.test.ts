import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFake, jsonResponse } from '../testing/fake-api';
import { API_ERROR_FALLBACK, ApiError, apiRequest } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The error a request fails with when the API answers `status` with `body`. */
async function failureOf(status: number, body: unknown, statusText?: string): Promise<ApiError> {
  fetchFake(() =>
    statusText === undefined
      ? jsonResponse(status, body)
      : new Response(String(body), { status, statusText, headers: { 'content-type': 'text/html' } }),
  );
  const failure = await apiRequest('/diner/order', { method: 'POST', body: {} }).catch(
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ApiError);
  return failure as ApiError;
}

describe('the API client’s errors: a sentence a person can read (COPY.md "Errors")', () => {
  it('passes the API’s own sentences as they are', async () => {
    const failure = await failureOf(422, {
      error: 'Unprocessable Entity',
      message: 'Este local no realiza envíos a tu dirección.',
      fields: { address: 'Este local no realiza envíos a tu dirección.' },
    });
    expect(failure.message).toBe('Este local no realiza envíos a tu dirección.');
    expect(failure.fields).toEqual({ address: 'Este local no realiza envíos a tu dirección.' });
  });

  it('turns a schema failure with its field path into the fallback, and leaves its fragments out of the fields', async () => {
    const failure = await failureOf(400, {
      error: 'Bad Request',
      message: 'body.phone: es obligatorio',
      fields: { 'body.phone': 'es obligatorio', 'body.items[0].quantity': 'debe ser mayor o igual a 1' },
    });
    expect(failure.message).toBe(API_ERROR_FALLBACK);
    expect(failure.fields).toEqual({});
    expect(failure.serverMessage).toBe('body.phone: es obligatorio');
  });

  it.each([
    [400, 'Solicitud inválida'],
    [500, 'Error interno del servidor'],
    [404, 'No existe la ruta POST /api/diner/order'],
    [400, 'url: El texto contiene un carácter no válido'],
    [502, 'Algo salió mal en el proxy'],
  ])('turns a %i with %j into the fallback', async (status, message) => {
    const failure = await failureOf(status, { error: 'Error', message });
    expect(failure.message).toBe(API_ERROR_FALLBACK);
    expect(failure.serverMessage).toBe(message);
  });

  it('turns an answer that is not JSON (a proxy’s page) into the fallback, keeping its status text for the log', async () => {
    const failure = await failureOf(504, '<html>Gateway Time-out</html>', 'Gateway Timeout');
    expect(failure.message).toBe(API_ERROR_FALLBACK);
    expect(failure.serverMessage).toBe('Gateway Timeout');
  });

  it('keeps the 503 that asks to try again in a few seconds', async () => {
    const message = 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.';
    expect((await failureOf(503, { error: 'Service Unavailable', message })).message).toBe(message);
  });
});
