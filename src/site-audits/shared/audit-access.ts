import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { AttemptLimiter } from '../../rate-limits/attempt-limiter.js';
import { ShareGate } from '../../sharing/share-gate.js';
import type {
  GateAnswer,
  ShareCookie,
  ShareCredentials,
  ShareKind,
} from '../../sharing/share-gate.js';
import type { SiteAudit } from '../site-audit.js';
import { SiteAuditsRepository } from '../site-audits.repository.js';

/** The cookie of a shared audit's pages; its path, /s/{token}, keeps audits apart. */
export const AUDIT_SHARE_COOKIE = 'shared_audit';

/** Audits' pages live at /s/{token}; their cookies sign `audit-{id}`, never a report's id. */
const AUDIT_SHARES: ShareKind = {
  noun: 'site audit',
  pathPrefix: '/s',
  cookieName: AUDIT_SHARE_COOKIE,
  subjectOf: (id) => `audit-${id}`,
};

/**
 * Who may read a site audit without an API key: the share gate of reports (the same
 * cookie rules and wrong-password limits) over the audit a token finds.
 */
@Injectable()
export class AuditAccess {
  private readonly gate: ShareGate;

  constructor(
    private readonly audits: SiteAuditsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    wrongPasswords: AttemptLimiter,
  ) {
    this.gate = new ShareGate(config.shareSecret, wrongPasswords, AUDIT_SHARES);
  }

  /** The audit a share token opens, as this reader may see it; 404 for a private one or none, 429 past the limits. */
  async open(
    token: string,
    credentials: ShareCredentials,
  ): Promise<GateAnswer<SiteAudit>> {
    return this.gate.open(await this.audits.findShared(token), credentials);
  }

  cookieFor(audit: SiteAudit): ShareCookie {
    return this.gate.cookieFor(audit);
  }
}
