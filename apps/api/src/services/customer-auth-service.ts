/**
 * A diner proves a phone with a one-time code before the API spends that
 * customer's points or shows their data (ADR 018).
 *
 * - The code (6 digits, crypto random) is stored as a scrypt hash, lives
 *   `CODE_TTL_MS`, is used once, and is burned after `CODE_MAX_ATTEMPTS` wrong
 *   tries (the right code is then refused too, until a new one is asked for).
 *   A new code ends the phone's older ones.
 * - Code requests are counted per client IP and per phone (company + phone) in
 *   database counters shared by every API process; a request refused for its
 *   IP does not count against the phone.
 * - The code leaves as a diner message through the outbox (no branch contact on
 *   the row, so it never shows in a venue's console). With `codeInAnswer` (a
 *   demo setting refused in production) the answer carries it too.
 * - Verifying answers a session of its own: 32 random bytes (base64url), only
 *   its sha256 stored, scoped to the company and the phone, expiring, ended by
 *   sign-out. Sent back as the `X-Customer-Session` header (Authorization is
 *   the partner's token on `POST /api/order` and the staff's on the console).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { sessionMessages } from '@comanda/domain/messages';
import { phoneToE164 } from '@comanda/domain/phone';
import type { Db, Queryable } from '../db/client';
import { HttpError } from '../lib/http-error';
import { secretHash, secretVerify } from '../lib/secret-hash';
import {
  type CustomerSessionRow,
  customerCodeCounterHit,
  customerPhoneCodeInsert,
  customerPhoneCodeLockLatest,
  customerPhoneCodeTried,
  customerSessionDelete,
  customerSessionFind,
  customerSessionInsert,
} from '../repositories/customer-auth-repository';
import { placementContextFind } from '../repositories/order-placement-repository';
import { outboxInsert } from '../repositories/outbox-repository';

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

/** The header a diner's session token travels in. */
export const CUSTOMER_SESSION_HEADER = 'x-customer-session';

/** (ours) Texts of the diner's sign-in, in the storefront's tú (COPY.md). */
export const customerAuthMessages = {
  branchContactUnknown: (id: number) => `No existe el local ${id}`,
  codeWrong: 'El código no es correcto',
  codeGone: 'El código venció o ya se usó; pide uno nuevo',
  codeBurned: 'Demasiados intentos con este código; pide uno nuevo',
  tooManyCodes: (minutes: number) =>
    `Pediste demasiados códigos; vuelve a intentar en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`,
  codeText: (code: string, venue: string) =>
    `${code} es tu código para iniciar sesión en ${venue}. Vence en 10 minutos; no lo compartas con nadie.`,
  sessionRequired: 'Inicia sesión con tu teléfono',
  sessionOtherPhone: 'Esta sesión es de otro teléfono',
  loyaltySignInRequired: (name: string) => `Inicia sesión con tu teléfono para canjear ${name}`,
} as const;

export interface CustomerAuthLimits {
  codesPerPhone: number;
  codesPerIp: number;
  codeWindowMinutes: number;
  sessionDays: number;
  codeInAnswer: boolean;
}

/** A session token's stored form: its sha256, hex. */
export function customerTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A well-formed token (43 base64url characters); anything else is refused before any query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The live session a header names, or undefined (no header, a malformed or unknown token, expired). */
export async function customerSessionOf(
  db: Queryable,
  token: string | undefined,
  now: number,
): Promise<CustomerSessionRow | undefined> {
  const value = token?.trim();
  if (!value || !TOKEN_PATTERN.test(value)) return undefined;
  return customerSessionFind(db, customerTokenHash(value), new Date(now));
}

/** The company and phone (E.164 in the company's country) a branch contact and typed phone name. */
async function phoneAt(
  db: Queryable,
  input: { branchContactId: number; phone: string },
): Promise<{ companyId: number; phone: string; venueName: string }> {
  const found = await placementContextFind(db, input.branchContactId, 0);
  if (!found) {
    const message = customerAuthMessages.branchContactUnknown(input.branchContactId);
    throw new HttpError(400, message, { branchContactId: message });
  }
  const phone = phoneToE164(input.phone, found.country.code.toLowerCase());
  if (!phone) throw new HttpError(400, sessionMessages.phoneInvalid, { phone: sessionMessages.phoneInvalid });
  return { companyId: found.company.id, phone, venueName: found.branchContact.name };
}

const ipKey = (ip: string) => `ip:${createHash('sha256').update(ip).digest('hex')}`;

/**
 * Sends a new code for a phone (`POST /api/orderingcustomer/code`). 429 when
 * the client IP or the phone asked for too many codes in the window.
 */
export async function customerCodeRequest(
  deps: { db: Db; now: number; limits: CustomerAuthLimits },
  input: { branchContactId: number; phone: string; ip: string },
): Promise<{ phone: string; expiresAt: Date; code?: string }> {
  const { db, now, limits } = deps;
  const target = await phoneAt(db, input);
  const at = new Date(now);
  const windowMs = limits.codeWindowMinutes * 60_000;
  const refuse = (resetAt: Date) => {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000));
    const message = customerAuthMessages.tooManyCodes(Math.ceil(seconds / 60));
    return new HttpError(429, message, undefined, { retryAfterSeconds: seconds });
  };
  // The IP first: a request refused for its IP is not held against the phone.
  const byIp = await customerCodeCounterHit(db, ipKey(input.ip), at, windowMs);
  if (byIp.count > limits.codesPerIp) throw refuse(byIp.resetAt);
  const byPhone = await customerCodeCounterHit(db, `phone:${target.companyId}:${target.phone}`, at, windowMs);
  if (byPhone.count > limits.codesPerPhone) throw refuse(byPhone.resetAt);

  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const codeHash = await secretHash(code);
  const expiresAt = new Date(now + CODE_TTL_MS);
  await db.transaction(async (tx) => {
    await customerPhoneCodeInsert(tx, {
      companyId: target.companyId,
      phone: target.phone,
      codeHash,
      expiresAt,
      now: at,
    });
    await outboxInsert(tx, {
      companyId: target.companyId,
      // No branch contact: a venue's console lists its own messages, and a sign-in code is nobody's but the diner's.
      branchContactId: null,
      orderId: null,
      channel: 'WHATSAPP',
      kind: 'CUSTOMER_CODE',
      toPhone: target.phone,
      body: customerAuthMessages.codeText(code, target.venueName),
      status: 'PENDING',
      createdAt: at,
    });
  });
  return { phone: target.phone, expiresAt, ...(limits.codeInAnswer ? { code } : {}) };
}

/**
 * Checks a code and opens a session (`POST /api/orderingcustomer/session`).
 * A wrong code counts against it (committed even though the answer is a 400).
 */
export async function customerSessionOpen(
  deps: { db: Db; now: number; limits: CustomerAuthLimits },
  input: { branchContactId: number; phone: string; code: string },
): Promise<{ token: string; expiresAt: Date; phone: string }> {
  const { db, now, limits } = deps;
  const target = await phoneAt(db, input);
  const at = new Date(now);
  const outcome = await db.transaction(async (tx) => {
    const row = await customerPhoneCodeLockLatest(tx, {
      companyId: target.companyId,
      phone: target.phone,
      now: at,
    });
    if (!row) return 'gone' as const;
    if (row.attempts >= CODE_MAX_ATTEMPTS) return 'burned' as const;
    const attempts = row.attempts + 1;
    const right = await secretVerify(input.code.trim(), row.codeHash);
    if (!right) {
      const burn = attempts >= CODE_MAX_ATTEMPTS;
      await customerPhoneCodeTried(tx, row.id, { attempts, burn, now: at });
      return burn ? ('burned' as const) : ('wrong' as const);
    }
    await customerPhoneCodeTried(tx, row.id, { attempts, burn: true, now: at });
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now + limits.sessionDays * 24 * 3_600_000);
    await customerSessionInsert(tx, {
      companyId: target.companyId,
      phone: target.phone,
      tokenHash: customerTokenHash(token),
      expiresAt,
      now: at,
    });
    return { token, expiresAt };
  });
  if (typeof outcome === 'string') {
    const message =
      outcome === 'wrong'
        ? customerAuthMessages.codeWrong
        : outcome === 'burned'
          ? customerAuthMessages.codeBurned
          : customerAuthMessages.codeGone;
    throw new HttpError(400, message, { code: message });
  }
  return { ...outcome, phone: target.phone };
}

/** Ends a session (sign out); 401 when the header names no live session. */
export async function customerSessionClose(
  db: Queryable,
  token: string | undefined,
  now: number,
): Promise<void> {
  const session = await customerSessionOf(db, token, now);
  if (!session) throw new HttpError(401, customerAuthMessages.sessionRequired);
  await customerSessionDelete(db, session.tokenHash);
}
