/**
 * Requests of the rider shift page (ADR 022) through app.inject, each from a
 * client address of its own unless one is given (per-IP limits are tested on
 * purpose, never met by accident), plus the answers every test checks.
 */
import { customerCodeCounters } from '../../src/db/schema/customers';
import type { Answer } from './console-fixture';
import type { TestContext } from './test-app';

let addressCounter = 0;
/** A client address no other request of this file used. */
export function riderAddress(): string {
  addressCounter += 1;
  return `172.16.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function send(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { payload?: unknown; ip?: string; headers?: Record<string, string> },
): Promise<Answer & { raw: string }> {
  const response = await ctx.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? riderAddress(),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
  });
  return {
    status: response.statusCode,
    raw: response.body,
    body: response.body ? response.json() : undefined,
    headers: response.headers,
  };
}

/** `GET /api/rider/bc/phone`. */
export function riderLookup(ctx: TestContext, branchContactId: number | string, phone: string, ip?: string) {
  const query = new URLSearchParams({ branchContactId: String(branchContactId), phone });
  return send(ctx, 'GET', `/api/rider/bc/phone?${query}`, { ip });
}

/** `POST /api/rider/createwithcode` with the page's body (`active: true`); `extra` overrides or adds fields. */
export function riderRegister(
  ctx: TestContext,
  branchContactId: number,
  rider: { name: string; phone: string; securityCode: string },
  options: { ip?: string; extra?: Record<string, unknown> } = {},
) {
  return send(ctx, 'POST', '/api/rider/createwithcode', {
    ip: options.ip,
    payload: {
      ...rider,
      active: true,
      riderUser: { branchContact: { id: branchContactId } },
      ...options.extra,
    },
  });
}

/** `PUT /api/rider/{id}/updatewithcode`: start (`active: true`) or end the shift. */
export function riderShift(
  ctx: TestContext,
  riderId: number | string,
  branchContactId: number,
  active: boolean,
  securityCode: string,
  ip?: string,
) {
  return send(ctx, 'PUT', `/api/rider/${riderId}/updatewithcode`, {
    ip,
    payload: { active, securityCode, riderUser: { branchContact: { id: branchContactId } } },
  });
}

/** `GET /api/whoami` with an Authorization header as given (a token becomes `Bearer <token>`). */
export function whoami(ctx: TestContext, auth: { token?: string; header?: string } = {}) {
  const authorization = auth.header ?? (auth.token !== undefined ? `Bearer ${auth.token}` : undefined);
  return send(ctx, 'GET', '/api/whoami', { headers: authorization ? { authorization } : {} });
}

/** Forgets every attempt counter (each test starts with full budgets). */
export async function riderCountersReset(ctx: TestContext): Promise<void> {
  await ctx.database.db.delete(customerCodeCounters);
}
