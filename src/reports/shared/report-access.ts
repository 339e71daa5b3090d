import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import ipaddr from 'ipaddr.js';
import {
  NotFoundProblem,
  TooManyRequestsProblem,
} from '../../common/problem.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { AttemptLimiter } from '../../rate-limits/attempt-limiter.js';
import type { AttemptWindow } from '../../rate-limits/attempt-limiter.js';
import { verifyPassword } from '../../sharing/password-hash.js';
import { PASSWORD_MAX_LENGTH } from '../../sharing/privacy.js';
import { Privacy } from '../report.entity.js';
import type { Report } from '../report.entity.js';
import { ReportsRepository } from '../reports.repository.js';
import {
  acceptsShareCookie,
  issueShareCookie,
  SHARE_COOKIE_NAME,
  SHARE_COOKIE_SECONDS,
} from './share-cookie.js';

/** Wrong passwords allowed in 15 minutes from one client address on one report. */
const WRONG_PER_CLIENT = 5;
/** Wrong passwords allowed in 15 minutes on one report from all addresses together. */
const WRONG_PER_REPORT = 30;
const WRONG_WINDOW_MS = 15 * 60_000;

/** What a reader without a key brings: a password, the cookie of an earlier one. */
export interface ShareCredentials {
  /** The client's address: wrong passwords are limited per address too. */
  client: string;
  /** A password to check; undefined when none was given. */
  password?: string;
  /** The value of the report's share cookie, when the browser sent one. */
  cookie?: string;
}

/** A shared report, and whether the reader may see it or must give its password. */
export type SharedAccess =
  | { granted: true; report: Report }
  | {
      granted: false;
      report: Report;
      /** needed: no password was given; wrong: the one given is not right. */
      reason: 'needed' | 'wrong';
    };

/** The cookie that keeps a password report open in one browser. */
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

/** The windows a wrong password counts in: this client's on this report, and the report's. */
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
      limit: WRONG_PER_REPORT,
      windowMs: WRONG_WINDOW_MS,
    },
  ];
}

/**
 * Who may read a report without an API key, for the shared page and the shared JSON
 * alike: a public report anyone; a password report whoever gives its password (or
 * brings the cookie an earlier right password set); a private one nobody (404, as
 * if it did not exist).
 */
@Injectable()
export class ReportAccess {
  constructor(
    private readonly reports: ReportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly wrongPasswords: AttemptLimiter,
  ) {}

  /**
   * The report a share token opens, as this reader may see it. Throws 404 for a
   * private report or an unknown token, and 429 once a client, or everybody
   * together, got its password wrong too often.
   */
  async open(
    token: string,
    credentials: ShareCredentials,
  ): Promise<SharedAccess> {
    const report = await this.reports.findShared(token);
    if (!report) throw new NotFoundProblem('There is no such report.');
    if (report.privacy !== Privacy.Password) return { granted: true, report };
    if (this.acceptsCookie(report, credentials.cookie)) {
      return { granted: true, report };
    }
    if (credentials.password === undefined) {
      return { granted: false, report, reason: 'needed' };
    }
    return (await this.checkPassword(
      report,
      credentials.password,
      credentials.client,
    ))
      ? { granted: true, report }
      : { granted: false, report, reason: 'wrong' };
  }

  /** The cookie a right password earns: this report only, until its privacy or password changes. */
  cookieFor(report: Report): ShareCookie {
    return {
      name: SHARE_COOKIE_NAME,
      value: issueShareCookie(
        this.config.shareSecret,
        report.id,
        report.shareVersion,
      ),
      path: `/r/${report.shareToken}`,
      maxAgeSeconds: SHARE_COOKIE_SECONDS,
    };
  }

  private acceptsCookie(report: Report, cookie: string | undefined): boolean {
    return acceptsShareCookie(
      this.config.shareSecret,
      cookie,
      report.id,
      report.shareVersion,
    );
  }

  /**
   * Checks a password against the report's hash (constant time). The attempt is
   * counted before the slow hash and given back when right, so parallel guesses
   * cannot all slip in before the first failure is counted. The counts live where
   * every process sees them when REDIS_URL is set.
   */
  private async checkPassword(
    report: Report,
    password: string,
    client: string,
  ): Promise<boolean> {
    // Counted per share token: a rotation starts afresh, with a link nobody has.
    const attempt = await this.wrongPasswords.take(
      wrongPasswordWindows(report.shareToken!, client),
    );
    if (!attempt.counted) {
      throw new TooManyRequestsProblem(
        'Too many wrong passwords for this report. Try again later.',
        attempt.retryAfterSeconds,
      );
    }
    if (
      report.passwordHash &&
      password.length <= PASSWORD_MAX_LENGTH &&
      (await verifyPassword(password, report.passwordHash))
    ) {
      await attempt.refund();
      return true;
    }
    return false;
  }
}
