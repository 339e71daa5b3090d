import type { ShareableKind } from '../../sharing/shareable-kind.js';
import type { Report } from '../report.entity.js';
import { ReportsRepository } from '../reports.repository.js';
import { SHARED_PAGE_PATH } from './report-page.js';

/** Reports as sharing knows them: pages at /r/{token}, cookies signing the report's id. */
export const REPORT_SHARES: ShareableKind<Report> = {
  noun: 'report',
  pathPrefix: '/r',
  pagePaths: SHARED_PAGE_PATH,
  cookieName: 'shared_report',
  subjectOf: (id) => id,
  rows: ReportsRepository,
};
