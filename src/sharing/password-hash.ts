import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

/** scrypt cost: N=2^15, r=8, p=1 (OWASP's minimum is N=2^17 with p=1, or 2^15 with more memory); ~50 ms here. */
const COST: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>> = {
  N: 2 ** 15,
  r: 8,
  p: 1,
};
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(
  password: string,
  salt: Buffer,
  cost: typeof COST,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { ...cost, maxmem: 128 * cost.N * cost.r * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** A salted scrypt hash: `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** Constant-time comparison against a stored hash; false for any malformed hash. */
export async function verifyPassword(
  password: string,
  stored: string,
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
