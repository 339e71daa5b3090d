import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a correct password opens a report in the browser. */
export const SHARE_COOKIE_SECONDS = 12 * 60 * 60;

/** One name for every shared report's cookie: its path, /r/{token}, keeps them apart. */
export const SHARE_COOKIE_NAME = 'shared_report';

function signature(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/**
 * A cookie that proves the password of one report was given: the report id, the
 * report's share_version (so a privacy or password change voids it) and an expiry,
 * signed with HMAC-SHA256.
 */
export function issueShareCookie(
  secret: Buffer,
  reportId: string,
  shareVersion: number,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + SHARE_COOKIE_SECONDS;
  const payload = `${reportId}.${shareVersion}.${expires}`;
  return `${payload}.${signature(secret, payload)}`;
}

export function acceptsShareCookie(
  secret: Buffer,
  cookie: string | undefined,
  reportId: string,
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
    id === reportId &&
    version === String(shareVersion) &&
    Number(expires) > now / 1000
  );
}
