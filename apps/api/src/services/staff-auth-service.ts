/**
 * Staff access to the orders console: email and password (scrypt, from the
 * tenant file), a session token, a role and the branch contacts the staff
 * member may see.
 *
 * - The token is 32 random bytes (base64url); only its sha256 is stored, so a
 *   leaked database holds no usable session. Sessions last `sessionHours` (12).
 * - A failed login costs the same whether or not the email exists: an unknown
 *   email (or a removed account) is verified against a dummy hash.
 * - Logins are throttled per email and per client IP: every attempt counts
 *   before the password is checked (so a burst cannot slip through between
 *   check and count), and a success clears the email's count. Counters live in
 *   Redis when REDIS_URL is set (shared by every API process), else in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
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

/** (ours) Texts of staff access. */
export const staffAuthMessages = {
  loginFailed: 'Email o contraseña incorrectos',
  tooManyAttempts: (minutes: number) =>
    `Demasiados intentos fallidos; vuelva a intentar en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`,
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

/** A well-formed token (43 base64url characters); anything else is refused before any query. */
export const STAFF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function staffBearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

// ---------------------------------------------------------------- throttle

/** Counts login attempts per key within a window. */
export interface LoginThrottle {
  /** Counts one attempt and answers the count so far in the window and the ms until it resets. */
  hit(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Takes one attempt back (a success from an IP that also failed is not held against it). */
  forgive(key: string): Promise<void>;
  /** Forgets a key (a successful login clears its email's failures). */
  clear(key: string): Promise<void>;
}

/** In-process counters, for a single API process (no REDIS_URL). */
export function loginThrottleMemory(windowMs: number, now: () => number): LoginThrottle {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const prune = (at: number) => {
    if (counters.size < 10_000) return;
    for (const [key, counter] of counters) if (counter.resetAt <= at) counters.delete(key);
  };
  return {
    async hit(key) {
      const at = now();
      prune(at);
      let counter = counters.get(key);
      if (!counter || counter.resetAt <= at) {
        counter = { count: 0, resetAt: at + windowMs };
        counters.set(key, counter);
      }
      counter.count += 1;
      return { count: counter.count, resetInMs: counter.resetAt - at };
    },
    async forgive(key) {
      const counter = counters.get(key);
      if (counter && counter.count > 0) counter.count -= 1;
    },
    async clear(key) {
      counters.delete(key);
    },
  };
}

// INCR and, on the first hit, the window's expiry, in one round trip; answers [count, ms left].
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/** Counters in Redis, shared by every API process. */
export function loginThrottleRedis(redis: Redis, windowMs: number, prefix: string): LoginThrottle {
  const name = (key: string) => `${prefix}:staff-login:${key}`;
  return {
    async hit(key) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, name(key), String(windowMs))) as [number, number];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async forgive(key) {
      await redis.eval(
        "if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end",
        1,
        name(key),
      );
    },
    async clear(key) {
      await redis.del(name(key));
    },
  };
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
  limits: { sessionHours: number; loginFailuresPerEmail: number; loginFailuresPerIp: number };
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

/**
 * `POST /api/staff/login`. Answers the new session's token (shown once) and the
 * principal; throws 401 on a wrong email or password (same text, same cost)
 * and 429 once the email or the IP has used up its attempts.
 */
export async function staffLogin(
  deps: StaffAuthDeps,
  input: { email: string; password: string; ip: string },
): Promise<{ token: string; staff: StaffPrincipal }> {
  const email = staffEmailNormalize(input.email);
  // The email's key is hashed so that Redis never holds the address itself.
  const emailKey = `email:${createHash('sha256').update(email).digest('hex')}`;
  const ipKey = `ip:${input.ip}`;
  const byEmail = await deps.throttle.hit(emailKey);
  const byIp = await deps.throttle.hit(ipKey);
  const over = [
    byEmail.count > deps.limits.loginFailuresPerEmail ? byEmail.resetInMs : 0,
    byIp.count > deps.limits.loginFailuresPerIp ? byIp.resetInMs : 0,
  ];
  const waitMs = Math.max(...over);
  if (waitMs > 0) {
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw new HttpError(429, staffAuthMessages.tooManyAttempts(minutes), undefined, {
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
  }

  const user = await staffUserByEmail(deps.db, email);
  // A removed account keeps a hash no secret matches; it takes the dummy's path so it costs the same.
  const usable = user?.passwordHash.startsWith('scrypt$') ? user : undefined;
  const verified = await secretVerify(input.password, usable?.passwordHash ?? (await dummyHashGet()));
  if (!usable || !verified) throw new HttpError(401, staffAuthMessages.loginFailed);

  await deps.throttle.clear(emailKey);
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
  if (!found) return undefined;
  return principalOf(deps.db, found.user, { tokenHash, expiresAt: found.expiresAt });
}
