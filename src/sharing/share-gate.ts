import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { NotFoundProblem, TooManyRequestsProblem } from '../common/problem.js';
import type {
  AttemptLimiter,
  AttemptWindow,
} from '../rate-limits/attempt-limiter.js';
import { verifyPassword } from './password-hash.js';
import { PASSWORD_MAX_LENGTH, Privacy } from './privacy.js';
import type { Shareable, ShareableKind, SharedRows } from './shareable-kind.js';
import {
  acceptsShareCookie,
  issueShareCookie,
  SHARE_COOKIE_SECONDS,
} from './share-cookie.js';

/** Wrong passwords allowed in 15 minutes from one client address on one shared link. */
const WRONG_PER_CLIENT = 5;
/** Wrong passwords allowed in 15 minutes on one shared link from all addresses together. */
const WRONG_PER_LINK = 30;
const WRONG_WINDOW_MS = 15 * 60_000;

/** What a reader without a key brings: a password, the cookie of an earlier one. */
export interface ShareCredentials {
  /** The client's address: wrong passwords are limited per address too. */
  client: string;
  /** A password to check; undefined when none was given. */
  password?: string;
  /** The value of the kind's share cookie, when the browser sent one. */
  cookie?: string;
}

/** A shared thing, and whether the reader may see it or must give its password. */
export type GateAnswer<T> =
  | { granted: true; shared: T }
  | {
      granted: false;
      shared: T;
      /** needed: no password was given; wrong: the one given is not right. */
      reason: 'needed' | 'wrong';
    };

/** The cookie that keeps a password-protected thing open in one browser. */
export interface ShareCookie {
  name: string;
  value: string;
  path: string;
  maxAgeSeconds: number;
}

/** The client a limit counts: its IPv4 address, or its IPv6 /64 (one subscriber's network). */
export function clientGroup(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

/** The windows a wrong password counts in: this client's on this link, and the link's. */
function wrongPasswordWindows(
  shareToken: string,
  client: string,
): AttemptWindow[] {
  // The token's digest, not the token: the store need not hold the links themselves.
  const link = createHash('sha256').update(shareToken).digest('base64url');
  return [
    {
      key: `wrong-password:${link}:${clientGroup(client)}`,
      limit: WRONG_PER_CLIENT,
      windowMs: WRONG_WINDOW_MS,
    },
    {
      key: `wrong-password:${link}`,
      limit: WRONG_PER_LINK,
      windowMs: WRONG_WINDOW_MS,
    },
  ];
}

/**
 * Who may read a shared thing without an API key: a public one anyone; a password
 * one whoever gives its password (or brings the cookie an earlier right password
 * set); a private one nobody (404, as if it did not exist). One gate for every kind,
 * so reports and site audits keep the same cookie and the same guess limits.
 */
export class ShareGate<T extends Shareable = Shareable> {
  constructor(
    private readonly secret: Buffer,
    private readonly wrongPasswords: AttemptLimiter,
    private readonly kind: ShareableKind<T>,
    private readonly rows: SharedRows<T>,
  ) {}

  /**
   * The thing a share token opens, as this reader may see it. Throws 404 for a
   * private one or none, and 429 once a client, or everybody together, got its
   * password wrong too often.
   */
  async open(
    shareToken: string,
    credentials: ShareCredentials,
  ): Promise<GateAnswer<T>> {
    const found = await this.rows.findShared(shareToken);
    if (!found || found.privacy === Privacy.Private || !found.shareToken) {
      throw new NotFoundProblem(`There is no such ${this.kind.noun}.`);
    }
    if (found.privacy !== Privacy.Password) {
      return { granted: true, shared: found };
    }
    if (this.acceptsCookie(found, credentials.cookie)) {
      return { granted: true, shared: found };
    }
    if (credentials.password === undefined) {
      return { granted: false, shared: found, reason: 'needed' };
    }
    return (await this.checkPassword(
      found,
      credentials.password,
      credentials.client,
    ))
      ? { granted: true, shared: found }
      : { granted: false, shared: found, reason: 'wrong' };
  }

  /** The cookie a right password earns: this thing only, until its privacy or password changes. */
  cookieFor(shared: Shareable): ShareCookie {
    return {
      name: this.kind.cookieName,
      value: issueShareCookie(
        this.secret,
        this.kind.subjectOf(shared.id),
        shared.shareVersion,
      ),
      path: `${this.kind.pathPrefix}/${shared.shareToken}`,
      maxAgeSeconds: SHARE_COOKIE_SECONDS,
    };
  }

  private acceptsCookie(
    shared: Shareable,
    cookie: string | undefined,
  ): boolean {
    return acceptsShareCookie(
      this.secret,
      cookie,
      this.kind.subjectOf(shared.id),
      shared.shareVersion,
    );
  }

  /**
   * Checks a password against the stored hash (constant time). The attempt is
   * counted before the slow hash and given back when right, so parallel guesses
   * cannot all slip in before the first failure is counted. The counts live where
   * every process sees them when REDIS_URL is set.
   */
  private async checkPassword(
    shared: Shareable,
    password: string,
    client: string,
  ): Promise<boolean> {
    // Counted per share token: a rotation starts afresh, with a link nobody has.
    const attempt = await this.wrongPasswords.take(
      wrongPasswordWindows(shared.shareToken!, client),
    );
    if (!attempt.counted) {
      throw new TooManyRequestsProblem(
        `Too many wrong passwords for this ${this.kind.noun}. Try again later.`,
        attempt.retryAfterSeconds,
      );
    }
    if (
      shared.passwordHash &&
      password.length <= PASSWORD_MAX_LENGTH &&
      (await verifyPassword(password, shared.passwordHash))
    ) {
      await attempt.refund();
      return true;
    }
    return false;
  }
}
