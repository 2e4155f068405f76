/**
 * Staff access to the orders console: email and password (scrypt, from the
 * tenant file), a session token, a role and the branch contacts the staff
 * member may see.
 *
 * - The token is 32 random bytes (base64url); only its sha256 is stored, so a
 *   leaked database holds no usable session. Sessions last `sessionHours` (12)
 *   and end as soon as the account's password hash changes (the session's
 *   credentials stamp no longer matches), whoever changed it.
 * - A failed login costs the same whether or not the email exists: an unknown
 *   email (or a removed account) is verified against a dummy hash.
 * - Logins are throttled per client IP first (a fixed window of attempts), then
 *   per (email, client IP) pair with a growing delay (see staff-login-throttle).
 *   A request refused for its IP never reaches the pair's count, and no count
 *   is kept per email alone, so failures from elsewhere never refuse the right
 *   password from an address that has not failed. Attempts count before the
 *   password is checked (a burst cannot slip between check and count); a
 *   success clears its pair and forgives one IP attempt.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client';
import { HttpError } from '../lib/http-error';
import { secretHash, secretVerify } from '../lib/secret-hash';
import {
  type StaffBranchContact,
  type StaffUserRow,
  staffBranchContacts,
  staffSessionFind,
  staffSessionInsert,
  staffSessionsExpiredDelete,
  staffUserByEmail,
} from '../repositories/staff-repository';
import type { LoginThrottle } from './staff-login-throttle';

/** (ours) Texts of staff access. */
export const staffAuthMessages = {
  loginFailed: 'Email o contraseña incorrectos',
  tooManyAttempts: (waitMs: number) => {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    if (seconds < 60)
      return `Demasiados intentos fallidos; vuelva a intentar en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
    const minutes = Math.ceil(seconds / 60);
    return `Demasiados intentos fallidos; vuelva a intentar en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  },
  sessionRequired: 'Se requiere iniciar sesión (Authorization: Bearer …)',
  sessionExpired: 'La sesión expiró o fue cerrada; vuelva a iniciar sesión',
} as const;

/** Who is asking, as every console endpoint sees it. */
export interface StaffPrincipal {
  id: number;
  name: string;
  email: string;
  role: 'OWNER' | 'STAFF';
  companyId: number;
  /** OWNER: every live branch contact of the company; STAFF: the listed ones. */
  branchContacts: StaffBranchContact[];
  branchContactIds: ReadonlySet<number>;
  /** sha256 of the session token (names the session, never the token). */
  tokenHash: string;
  expiresAt: Date;
}

/** The `staff` object of the login and `GET /api/staff/me` answers. */
export interface StaffView {
  id: number;
  name: string;
  email: string;
  role: 'OWNER' | 'STAFF';
  companyId: number;
  branchContacts: StaffBranchContact[];
}

/** The public part of a principal. */
export function staffViewOf(staff: StaffPrincipal): StaffView {
  return {
    id: staff.id,
    name: staff.name,
    email: staff.email,
    role: staff.role,
    companyId: staff.companyId,
    branchContacts: staff.branchContacts,
  };
}

// ---------------------------------------------------------------- tokens

/** A new session token: 32 random bytes, base64url (43 characters). */
export function staffTokenNew(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token: its sha256, hex. */
export function staffTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The fingerprint of a password hash a session is stamped with: any change of
 * the hash (a new password by any path, a disabled account) ends the sessions
 * stamped before it. Salted scrypt output is never repeated, so re-setting the
 * same password ends them too.
 */
export function staffCredentialsStamp(passwordHash: string): string {
  return createHash('sha256').update(`staff-session\n${passwordHash}`).digest('hex').slice(0, 32);
}

/** A well-formed token (43 base64url characters); anything else is refused before any query. */
export const STAFF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function staffBearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

// ---------------------------------------------------------------- login and sessions

let dummyHash: Promise<string> | undefined;
/** A hash no password matches, made once per process, for the unknown-email path. */
function dummyHashGet(): Promise<string> {
  dummyHash ??= secretHash(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/** What login and session checks need. */
export interface StaffAuthDeps {
  db: Queryable;
  now: () => number;
  throttle: LoginThrottle;
  limits: { sessionHours: number; loginFailuresPerIp: number };
}

/** Lower-cased, trimmed: how emails are stored by the tenant import. */
export function staffEmailNormalize(email: string): string {
  return email.trim().toLowerCase();
}

async function principalOf(
  db: Queryable,
  user: StaffUserRow,
  session: { tokenHash: string; expiresAt: Date },
): Promise<StaffPrincipal> {
  const contacts = await staffBranchContacts(db, user);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    companyId: user.companyId,
    branchContacts: contacts,
    branchContactIds: new Set(contacts.map((contact) => contact.id)),
    tokenHash: session.tokenHash,
    expiresAt: session.expiresAt,
  };
}

/** The throttle key of an (email, client IP) pair, hashed so that Redis never holds the address. */
export function staffLoginPairKey(email: string, ip: string): string {
  return `pair:${createHash('sha256')
    .update(`${staffEmailNormalize(email)}\n${ip}`)
    .digest('hex')}`;
}

/** Counts one password attempt of a pair, or throws 429 while the pair must wait. */
export async function staffPairGate(deps: Pick<StaffAuthDeps, 'throttle' | 'now'>, pairKey: string) {
  const byPair = await deps.throttle.attempt(pairKey, deps.now());
  if (byPair.retryInMs > 0) throw tooManyAttempts(byPair.retryInMs);
}

function tooManyAttempts(waitMs: number): HttpError {
  return new HttpError(429, staffAuthMessages.tooManyAttempts(waitMs), undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });
}

/**
 * `POST /api/staff/login`. Answers the new session's token (shown once) and the
 * principal; throws 401 on a wrong email or password (same text, same cost)
 * and 429 while the IP has used up its attempts or its pair with the email must wait.
 */
export async function staffLogin(
  deps: StaffAuthDeps,
  input: { email: string; password: string; ip: string },
): Promise<{ token: string; staff: StaffPrincipal }> {
  const email = staffEmailNormalize(input.email);
  const ipKey = `ip:${input.ip}`;
  const byIp = await deps.throttle.hit(ipKey);
  if (byIp.count > deps.limits.loginFailuresPerIp) throw tooManyAttempts(byIp.resetInMs);
  const pairKey = staffLoginPairKey(email, input.ip);
  await staffPairGate(deps, pairKey);

  const user = await staffUserByEmail(deps.db, email);
  // A removed account keeps a hash no secret matches; it takes the dummy's path so it costs the same.
  const usable = user?.passwordHash.startsWith('scrypt$') ? user : undefined;
  const verified = await secretVerify(input.password, usable?.passwordHash ?? (await dummyHashGet()));
  if (!usable || !verified) throw new HttpError(401, staffAuthMessages.loginFailed);

  await deps.throttle.clear(pairKey);
  await deps.throttle.forgive(ipKey);
  const now = deps.now();
  const token = staffTokenNew();
  const tokenHash = staffTokenHash(token);
  const expiresAt = new Date(now + deps.limits.sessionHours * 3_600_000);
  // Each login tidies its own account's dead sessions; the jobs purge the rest.
  await staffSessionsExpiredDelete(deps.db, new Date(now), usable.id);
  await staffSessionInsert(deps.db, {
    tokenHash,
    staffUserId: usable.id,
    companyId: usable.companyId,
    credentialsStamp: staffCredentialsStamp(usable.passwordHash),
    expiresAt,
    createdAt: new Date(now),
  });
  return { token, staff: await principalOf(deps.db, usable, { tokenHash, expiresAt }) };
}

/** The principal of a session token, or undefined when the token is malformed, unknown or expired. */
export async function staffSessionResolve(
  deps: Pick<StaffAuthDeps, 'db' | 'now'>,
  token: string | undefined,
): Promise<StaffPrincipal | undefined> {
  if (!token || !STAFF_TOKEN_PATTERN.test(token)) return undefined;
  const tokenHash = staffTokenHash(token);
  const found = await staffSessionFind(deps.db, tokenHash, new Date(deps.now()));
  if (!found || found.credentialsStamp !== staffCredentialsStamp(found.user.passwordHash)) return undefined;
  return principalOf(deps.db, found.user, { tokenHash, expiresAt: found.expiresAt });
}
