import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// Stored as `scrypt$N$r$p$salt$hash` (base64url) so the cost can be raised later
// while hashes written with the old cost keep verifying.
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function scryptAsync(plain: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(plain, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Stored in place of a hash for a staff member or rider that was removed but
 * must be kept for history: no secret ever verifies against it.
 */
export const SECRET_DISABLED = '!disabled';

/**
 * Hashes a staff password or a rider security code with scrypt and a random
 * salt. The result is self-describing and safe to store; the secret is not.
 */
export async function secretHash(plain: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(plain, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * True when `plain` is the secret `hash` was made from. Compares in constant
 * time; a malformed or disabled hash (anything not written by `secretHash`)
 * never verifies.
 */
export async function secretVerify(plain: string, hash: string): Promise<boolean> {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts;
  const N = Number(n);
  const rValue = Number(r);
  const pValue = Number(p);
  if (![N, rValue, pValue].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(keyText ?? '', 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await scryptAsync(plain, Buffer.from(saltText ?? '', 'base64url'), {
    N,
    r: rValue,
    p: pValue,
  });
  return timingSafeEqual(actual, expected);
}
