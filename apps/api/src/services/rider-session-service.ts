/**
 * Rider authentication (ADR 022). The spec says only "a bearer token in the
 * Authorization header"; ours is opaque: 32 random bytes (base64url), issued
 * when a shift starts with the right security code, stored as its sha256,
 * scoped to the rider's company and branch contact, ended when the shift ends
 * (every session of the rider) and expiring after `RIDER_SHIFT_HOURS`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client';
import {
  type RiderRow,
  riderSessionFind,
  riderSessionInsert,
  riderSessionsEnd,
} from '../repositories/rider-session-repository';

/** Who a rider request is from: the rider on shift, scoped to one company and branch contact. */
export interface RiderPrincipal {
  id: number;
  companyId: number;
  branchContactId: number;
  name: string;
  phone: string;
  /** The session's stored hash (its realtime sockets are named by it). */
  tokenHash: string;
  expiresAt: Date;
}

/** (ours) Texts of a refused rider request. */
export const riderAuthMessages = {
  sessionRequired: 'Inicia tu turno para ver los envíos',
  sessionExpired: 'Tu turno terminó o el link venció; vuelve a iniciar tu turno',
} as const;

/** A well-formed token (43 base64url characters); anything else is refused before any query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What is stored for a token: its sha256, hex. */
export function riderTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function riderBearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Opens a session for a rider whose security code was just verified (call it
 * in the transaction that puts the rider on shift). Answers the token, which
 * is never stored.
 */
export async function riderSessionOpen(
  db: Queryable,
  rider: Pick<RiderRow, 'id' | 'companyId' | 'branchContactId'>,
  options: { now: number; shiftHours: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(options.now + options.shiftHours * 3_600_000);
  await riderSessionInsert(db, { tokenHash: riderTokenHash(token), rider, expiresAt });
  return { token, expiresAt };
}

/** The principal of a token, or undefined (malformed, unknown, expired, shift ended). */
export async function riderSessionResolve(
  db: Queryable,
  token: string | undefined,
  now: number,
): Promise<RiderPrincipal | undefined> {
  const value = token?.trim();
  if (!value || !TOKEN_PATTERN.test(value)) return undefined;
  const tokenHash = riderTokenHash(value);
  const found = await riderSessionFind(db, tokenHash, new Date(now));
  if (!found) return undefined;
  const { rider } = found;
  return {
    id: rider.id,
    companyId: rider.companyId,
    branchContactId: rider.branchContactId,
    name: rider.name,
    phone: rider.phone,
    tokenHash,
    expiresAt: found.expiresAt,
  };
}

/** Ends every session of a rider (shift ended). */
export async function riderSessionsClose(db: Queryable, riderId: number): Promise<void> {
  await riderSessionsEnd(db, riderId);
}
