import type { ShareableKind } from '../../sharing/shareable-kind.js';
import type { SiteAudit } from '../site-audit.js';
import { SiteAuditsRepository } from '../site-audits.repository.js';

/**
 * Site audits as sharing knows them: pages at /s/{token} (and its issue and page
 * pages below), cookies signing `audit-{id}`, never a report's id.
 */
export const AUDIT_SHARES: ShareableKind<SiteAudit> = {
  pathPrefix: '/s',
  pagePaths: /^\/s\/[^/]+(\/(pages|issues)\/[^/]+)?\/?$/,
  subjectOf: (id) => `audit-${id}`,
  cookieName: 'shared_audit',
  rows: SiteAuditsRepository,
  noun: 'site audit',
};
