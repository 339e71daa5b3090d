import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a correct password opens a shared page in the browser. */
export const SHARE_COOKIE_SECONDS = 12 * 60 * 60;

function signature(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/**
 * A cookie that proves the password of one shared thing was given: its subject (a
 * report's id, or a kind-prefixed id such as `audit-7`, so one kind's cookie never
 * opens another's), its share_version (so a privacy or password change voids it) and
 * an expiry, signed with HMAC-SHA256. A subject holds no dot.
 */
export function issueShareCookie(
  secret: Buffer,
  subject: string,
  shareVersion: number,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + SHARE_COOKIE_SECONDS;
  const payload = `${subject}.${shareVersion}.${expires}`;
  return `${payload}.${signature(secret, payload)}`;
}

export function acceptsShareCookie(
  secret: Buffer,
  cookie: string | undefined,
  subject: string,
  shareVersion: number,
  now = Date.now(),
): boolean {
  if (!cookie) return false;
  const parts = cookie.split('.');
  if (parts.length !== 4) return false;
  const [id, version, expires, given] = parts;
  const expected = Buffer.from(
    signature(secret, `${id}.${version}.${expires}`),
  );
  const actual = Buffer.from(given);
  return (
    actual.length === expected.length &&
    timingSafeEqual(actual, expected) &&
    id === subject &&
    version === String(shareVersion) &&
    Number(expires) > now / 1000
  );
}
