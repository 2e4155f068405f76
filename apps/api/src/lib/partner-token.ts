/**
 * External-loyalty partner user tokens (ordering §6 "External-loyalty user":
 * an external user id plus a user token sent as a bearer authorization
 * header). A token is a compact JWT signed with HS256 by the partner's secret
 * (`partners.jwt_secret`). It is accepted only when:
 *
 * - its header says `alg: HS256` (no `none`, no algorithm chosen by the token),
 * - its signature is the partner secret's HMAC-SHA256 (compared in constant time),
 * - its `sub` is the external user id the request names,
 * - it carries `exp` and has not expired (a token without expiry would be a
 *   credential forever), and `nbf`, when present, has passed (30 s of clock
 *   skew allowed both ways).
 *
 * Written here rather than with a JWT library: this one algorithm and these
 * checks are all we need, and fewer options mean fewer ways to get it wrong.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SKEW_MS = 30_000;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** Why a token was refused (for logs; the caller answers one message whatever the reason). */
export type PartnerTokenRefusal = 'MALFORMED' | 'ALGORITHM' | 'SIGNATURE' | 'SUBJECT' | 'EXPIRED' | 'NOT_YET';

/** The bearer token of an `Authorization` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? (match[1] as string) : null;
}

function jsonSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Checks a partner user token (see the module comment); null when it is accepted. */
export function partnerTokenCheck(
  token: string,
  secret: string,
  expected: { subject: string; now: number },
): PartnerTokenRefusal | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return 'MALFORMED';
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = jsonSegment(headerPart);
  const payload = jsonSegment(payloadPart);
  if (!header || !payload) return 'MALFORMED';
  if (header.alg !== 'HS256') return 'ALGORITHM';
  const signature = Buffer.from(signaturePart, 'base64url');
  const wanted = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  if (signature.length !== wanted.length || !timingSafeEqual(signature, wanted)) return 'SIGNATURE';
  if (typeof payload.sub !== 'string' || payload.sub !== expected.subject) return 'SUBJECT';
  if (typeof payload.exp !== 'number' || payload.exp * 1000 + SKEW_MS <= expected.now) return 'EXPIRED';
  if (
    payload.nbf !== undefined &&
    (typeof payload.nbf !== 'number' || payload.nbf * 1000 - SKEW_MS > expected.now)
  )
    return 'NOT_YET';
  return null;
}
