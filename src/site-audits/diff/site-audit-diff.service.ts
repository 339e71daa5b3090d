import { Injectable } from '@nestjs/common';
import { NotFoundProblem, ProblemException } from '../../common/problem.js';
import { throwIfInvalid } from '../../common/validation.js';
import type { SiteAudit } from '../site-audit.js';
import { SiteAuditsService } from '../site-audits.service.js';
import type { AuditDiffQuery } from './audit-diff.query.js';
import type { AuditDiffSideView, AuditDiffView } from './audit-diff.view.js';
import { settingsWarnings } from './audit-diff.js';
import { AuditDiffs } from './audit-diffs.js';

/** The rules of a diff: which audits may be compared, for the account they belong to. */
@Injectable()
export class SiteAuditDiffService {
  constructor(
    private readonly audits: SiteAuditsService,
    private readonly diffs: AuditDiffs,
  ) {}

  /**
   * What changed from `from` (by default the previous completed audit of the same
   * start URL) to this audit. 404: no such audit, or no audit to compare with; 409:
   * either has not completed; 422: `from` is another site's audit, or this one.
   */
  async diff(
    accountId: string,
    auditId: string,
    query: AuditDiffQuery,
  ): Promise<AuditDiffView> {
    const to = await this.audits.find(accountId, auditId);
    assertCompleted(to, 'This site audit');
    let fromId = query.from ?? null;
    if (fromId === null) {
      fromId = await this.diffs.previousOf(to);
      if (fromId === null) {
        throw new NotFoundProblem(
          'There is no earlier completed audit of this start URL to compare with.',
        );
      }
    }
    const from = await this.audits.find(accountId, fromId);
    if (from.id === to.id) {
      throwIfInvalid({ from: ['from must be another audit than this one'] });
    }
    if (from.url !== to.url) {
      throwIfInvalid({
        from: [
          `from must be an audit of the same start URL (${to.url}); it audits ${from.url}`,
        ],
      });
    }
    assertCompleted(from, `The site audit ${from.id} (from)`);
    return {
      from: sideOf(from),
      to: sideOf(to),
      pages_per_change: query.pages_per_change,
      warnings: settingsWarnings(from.settings, to.settings),
      changes: await this.diffs.between(from.id, to.id, query.pages_per_change),
    };
  }
}

function assertCompleted(audit: SiteAudit, what: string): void {
  if (audit.status !== 'completed' || audit.finishedAt === null) {
    throw new ProblemException(
      409,
      `${what} is ${audit.status}: only completed audits are compared.`,
    );
  }
}

function sideOf(audit: SiteAudit): AuditDiffSideView {
  return {
    id: Number(audit.id),
    url: audit.url,
    finished_at: audit.finishedAt!.toISOString(),
  };
}
