/**
 * The one-time link that sets a staff password (ADR 056), opened by the
 * invited person or the one whose password the OWNER reset. Public, gated by
 * the link's token alone: 32 random bytes, only its sha256 stored, sent in an
 * `Authorization: Link` header or a POST body so that no URL (and no log)
 * carries it.
 *
 * - A link sets a password exactly once: a conditional update of `used_at`
 *   (unused and unexpired) decides which of many concurrent uses wins.
 * - Using it ends every session of the account and answers a new one, as a
 *   login does, so the person lands signed in.
 * - Attempts are counted per client IP in the staff login's window (a wrong
 *   or stale token counts; a success forgives one).
 */
import type { Db } from '../db/client';
import { HttpError, notFound } from '../lib/http-error';
import { SECRET_DISABLED, secretHash } from '../lib/secret-hash';
import { staffSessionInsert } from '../repositories/staff-repository';
import {
  type StaffLinkPurpose,
  staffLinkFind,
  staffLinksRevoke,
  staffLinkUse,
  teamMemberSessionsDelete,
  teamPasswordSet,
} from '../repositories/staff-team-repository';
import {
  STAFF_TOKEN_PATTERN,
  type StaffPrincipal,
  staffAuthMessages,
  staffCredentialsStamp,
  staffSessionResolve,
  staffTokenHash,
  staffTokenNew,
} from './staff-auth-service';
import type { LoginThrottle } from './staff-login-throttle';
import { staffAccessOf } from './staff-team-service';
import { venueChangeRecord } from './venue-history';

/** (ours) Texts of the password link. */
export const staffLinkMessages = {
  unknown: 'Este enlace no es válido: revise que lo copió completo o pida al dueño un enlace nuevo',
  gone: 'El enlace venció o ya se usó. Pida al dueño un enlace nuevo.',
} as const;

export interface StaffLinkDeps {
  db: Db;
  now: () => number;
  throttle: LoginThrottle;
  limits: { sessionHours: number; loginFailuresPerIp: number };
}

export interface StaffLinkView {
  name: string;
  email: string;
  purpose: StaffLinkPurpose;
  expiresAt: string;
}

/** The token of an `Authorization: Link <token>` header, or undefined. */
export function staffLinkHeaderToken(header: string | undefined): string | undefined {
  return /^Link\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
}

const tooMany = (waitMs: number) =>
  new HttpError(429, staffAuthMessages.tooManyAttempts(waitMs), undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });

/** Counts one attempt of the address (429 once it used up the window). */
async function ipGate(deps: StaffLinkDeps, ip: string): Promise<string> {
  const key = `link-ip:${ip}`;
  const byIp = await deps.throttle.hit(key);
  if (byIp.count > deps.limits.loginFailuresPerIp) throw tooMany(byIp.resetInMs);
  return key;
}

/** The link of a token when it can still be used; 404 unknown, 410 used, expired or the account removed. */
async function usableLink(deps: StaffLinkDeps, token: string | undefined) {
  if (!token || !STAFF_TOKEN_PATTERN.test(token)) throw notFound(staffLinkMessages.unknown);
  const found = await staffLinkFind(deps.db, staffTokenHash(token));
  if (!found) throw notFound(staffLinkMessages.unknown);
  const { link, user } = found;
  if (
    link.usedAt ||
    link.expiresAt.getTime() <= deps.now() ||
    staffAccessOf(user.passwordHash) === 'DISABLED'
  )
    throw new HttpError(410, staffLinkMessages.gone);
  return found;
}

/** `GET /api/staff/password-link`: whose link it is, for the page to greet them. */
export async function staffLinkRead(
  deps: StaffLinkDeps,
  input: { token: string | undefined; ip: string },
): Promise<StaffLinkView> {
  const ipKey = await ipGate(deps, input.ip);
  const { link, user } = await usableLink(deps, input.token);
  await deps.throttle.forgive(ipKey);
  return {
    name: user.name,
    email: user.email,
    purpose: link.purpose,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * `POST /api/staff/password-link`: sets the password once, ends the account's
 * sessions and opens a new one. Answers the new session's token and principal,
 * and the token hashes of the sessions that ended (their sockets are the caller's).
 */
export async function staffLinkUseToSetPassword(
  deps: StaffLinkDeps,
  input: { token: string; password: string; ip: string },
): Promise<{ token: string; staff: StaffPrincipal; endedSessions: string[] }> {
  const ipKey = await ipGate(deps, input.ip);
  // A cheap check first: a dead link costs no scrypt.
  await usableLink(deps, input.token);
  const passwordHash = await secretHash(input.password);
  const tokenHash = staffTokenHash(input.token);
  const sessionToken = staffTokenNew();
  const now = new Date(deps.now());
  const expiresAt = new Date(now.getTime() + deps.limits.sessionHours * 3_600_000);
  const endedSessions = await deps.db.transaction(async (tx) => {
    const link = await staffLinkUse(tx, tokenHash, now);
    if (!link) throw new HttpError(410, staffLinkMessages.gone);
    const found = await staffLinkFind(tx, tokenHash);
    const user = found!.user;
    if (!(await teamPasswordSet(tx, user, passwordHash, SECRET_DISABLED)))
      throw new HttpError(410, staffLinkMessages.gone);
    await staffLinksRevoke(tx, user.id, now);
    const ended = await teamMemberSessionsDelete(tx, user.id);
    await staffSessionInsert(tx, {
      tokenHash: staffTokenHash(sessionToken),
      staffUserId: user.id,
      companyId: user.companyId,
      credentialsStamp: staffCredentialsStamp(passwordHash),
      expiresAt,
      createdAt: now,
    });
    // The person is the author of their own password; the history names no secret.
    const author = { id: user.id, name: user.name, companyId: user.companyId } as StaffPrincipal;
    await venueChangeRecord(tx, author, {
      at: now,
      subject: 'staff',
      subjectName: user.email,
      branchContactId: null,
      before: {
        access: staffAccessOf(user.passwordHash),
        linkPurpose: link.purpose,
        linkExpiresAt: link.expiresAt.toISOString(),
      },
      after: { access: 'ACTIVE', linkPurpose: null, linkExpiresAt: null, password: 'CHOSEN' },
    });
    return ended;
  });
  await deps.throttle.forgive(ipKey);
  const staff = await staffSessionResolve(deps, sessionToken);
  if (!staff) throw new HttpError(410, staffLinkMessages.gone);
  return { token: sessionToken, staff, endedSessions };
}
