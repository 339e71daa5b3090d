import { randomBytes } from 'node:crypto';
import { PathParam } from '../common/path-param.js';
import type { PathParamSpec } from '../common/path-param.js';
import { Privacy } from './privacy.js';

/** 24 random bytes: 192 bits, well past the 128 a link nobody can guess needs. */
const TOKEN_BYTES = 24;

/** A share token: 32 characters of base64url. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** A new share token, for a first share or a rotation. */
export function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The share token of a new shared thing: none for a private one. */
export function shareTokenFor(privacy: Privacy): string | null {
  return privacy === Privacy.Private ? null : newShareToken();
}

/** The route's `:token`, or 404 (`notFound`) when it cannot be a share token. */
export const ShareToken = (
  what = 'report',
  notFound = `There is no such ${what}.`,
) =>
  PathParam({
    name: 'token',
    pattern: SHARE_TOKEN_PATTERN,
    notFound,
    description: `The ${what}'s share token: 32 characters of base64url, from its share_url.`,
    schema: { type: 'string', pattern: SHARE_TOKEN_PATTERN.source },
  } satisfies PathParamSpec);
