import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import ipaddr from 'ipaddr.js';
import { DataSource } from 'typeorm';
import { NotFoundProblem, ProblemException } from '../common/problem.js';
import { RateLimiter } from '../common/rate-limiter.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { verifyPassword } from '../reports/password-hash.js';
import { Privacy, Report } from '../reports/report.entity.js';
import { acceptsShareCookie, issueShareCookie } from './share-cookie.js';

/** Wrong passwords allowed in 15 minutes from one client address on one report. */
const WRONG_PER_CLIENT = 5;
/** Wrong passwords allowed in 15 minutes on one report from all addresses together. */
const WRONG_PER_REPORT = 30;
const WRONG_WINDOW_MS = 15 * 60_000;

export type PasswordCheck = 'accepted' | 'wrong';

/**
 * Reads reports for people without an API key: public ones openly, password ones
 * with the password (or a cookie issued for it), private ones never (404, as if
 * they did not exist).
 */
@Injectable()
export class SharedReportsService {
  private readonly wrongByClient = new RateLimiter(
    WRONG_PER_CLIENT,
    WRONG_WINDOW_MS,
  );
  private readonly wrongByReport = new RateLimiter(
    WRONG_PER_REPORT,
    WRONG_WINDOW_MS,
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A public or password report; anything else is 404. */
  async find(id: string): Promise<Report> {
    if (!/^[1-9]\d{0,17}$/.test(id))
      throw new NotFoundProblem('There is no such report.');
    const report = await this.dataSource
      .getRepository(Report)
      .findOneBy({ id });
    if (!report || report.privacy === Privacy.Private) {
      throw new NotFoundProblem('There is no such report.');
    }
    return report;
  }

  /**
   * Checks a password against the report's hash (constant time). Refuses with 429
   * once a client, or everybody together, got it wrong too often. The attempt is
   * counted before the slow hash and given back when right, so parallel guesses
   * cannot all slip in before the first failure is counted.
   */
  async checkPassword(
    report: Report,
    password: string,
    client: string,
  ): Promise<PasswordCheck> {
    const clientKey = `${report.id}|${clientGroup(client)}`;
    const wait = Math.max(
      this.wrongByClient.wait(clientKey),
      this.wrongByReport.wait(report.id),
    );
    if (wait > 0) {
      throw new ProblemException(
        429,
        'Too many wrong passwords for this report. Try again later.',
        undefined,
        { 'Retry-After': String(wait) },
      );
    }
    this.wrongByClient.take(clientKey);
    this.wrongByReport.take(report.id);
    if (
      report.passwordHash &&
      password.length <= 128 &&
      (await verifyPassword(password, report.passwordHash))
    ) {
      this.wrongByClient.untake(clientKey);
      this.wrongByReport.untake(report.id);
      return 'accepted';
    }
    return 'wrong';
  }

  issueCookie(report: Report): string {
    return issueShareCookie(
      this.config.shareSecret,
      report.id,
      report.shareVersion,
    );
  }

  acceptsCookie(report: Report, cookie: string | undefined): boolean {
    return acceptsShareCookie(
      this.config.shareSecret,
      cookie,
      report.id,
      report.shareVersion,
    );
  }
}

/** The client a limit counts: its IPv4 address, or its IPv6 /64 (one subscriber's network). */
export function clientGroup(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
