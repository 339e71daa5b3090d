import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { AttemptLimiter } from '../../rate-limits/attempt-limiter.js';
import { ShareGate } from '../../sharing/share-gate.js';
import type {
  ShareCookie,
  ShareCredentials,
  ShareKind,
} from '../../sharing/share-gate.js';
import type { Report } from '../report.entity.js';
import { ReportsRepository } from '../reports.repository.js';

export { clientGroup } from '../../sharing/share-gate.js';
export type {
  ShareCookie,
  ShareCredentials,
} from '../../sharing/share-gate.js';

/** One name for every shared report's cookie: its path, /r/{token}, keeps them apart. */
export const SHARE_COOKIE_NAME = 'shared_report';

/** Reports' pages live at /r/{token}; their cookies sign the report's id. */
const REPORT_SHARES: ShareKind = {
  noun: 'report',
  pathPrefix: '/r',
  cookieName: SHARE_COOKIE_NAME,
  subjectOf: (id) => id,
};

/** A shared report, and whether the reader may see it or must give its password. */
export type SharedAccess =
  | { granted: true; report: Report }
  | {
      granted: false;
      report: Report;
      /** needed: no password was given; wrong: the one given is not right. */
      reason: 'needed' | 'wrong';
    };

/**
 * Who may read a report without an API key, for the shared page and the shared JSON
 * alike: the share gate (src/sharing) over the report a token finds.
 */
@Injectable()
export class ReportAccess {
  private readonly gate: ShareGate;

  constructor(
    private readonly reports: ReportsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    wrongPasswords: AttemptLimiter,
  ) {
    this.gate = new ShareGate(
      config.shareSecret,
      wrongPasswords,
      REPORT_SHARES,
    );
  }

  /**
   * The report a share token opens, as this reader may see it. Throws 404 for a
   * private report or an unknown token, and 429 once a client, or everybody
   * together, got its password wrong too often.
   */
  async open(
    token: string,
    credentials: ShareCredentials,
  ): Promise<SharedAccess> {
    const answer = await this.gate.open(
      await this.reports.findShared(token),
      credentials,
    );
    return answer.granted
      ? { granted: true, report: answer.shared }
      : { granted: false, report: answer.shared, reason: answer.reason };
  }

  /** The cookie a right password earns: this report only, until its privacy or password changes. */
  cookieFor(report: Report): ShareCookie {
    return this.gate.cookieFor(report);
  }
}
