import { AnalysisError } from '../errors.js';
import type { RedirectHop } from '../types.js';

/** What the client counts as a redirect, where it may lead, and how many hops it follows. */

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The absolute http(s) URL a response redirects to (fragment dropped), or null when
 * the response is final. A Location that does not parse, or that leads to another
 * scheme, fails the request: nothing but http(s) is ever fetched.
 */
export function redirectTarget(
  statusCode: number,
  location: string | string[] | undefined,
  currentUrl: string,
): string | null {
  if (!REDIRECT_STATUSES.has(statusCode)) return null;
  const value = Array.isArray(location) ? location[0] : location;
  if (value === undefined) return null;
  let target: URL;
  try {
    target = new URL(value, currentUrl);
  } catch {
    throw new AnalysisError(
      'connection',
      `The redirect from ${currentUrl} names an invalid location.`,
    );
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new AnalysisError(
      'blocked',
      `The redirect from ${currentUrl} leads to a ${target.protocol} URL, which is not fetched.`,
    );
  }
  target.hash = '';
  return target.href;
}

/** The hops of one request's redirect chain, failing with redirect_limit past its bound. */
export class RedirectChain {
  readonly hops: RedirectHop[] = [];

  constructor(private readonly maxRedirects: number) {}

  /** Records that `url` answered `status` with a redirect to `location`. */
  follow(url: string, status: number, location: string): void {
    if (this.hops.length >= this.maxRedirects) {
      throw new AnalysisError(
        'redirect_limit',
        `More than ${this.maxRedirects} redirects (the last one to ${location}).`,
      );
    }
    this.hops.push({ url, status_code: status });
  }
}
