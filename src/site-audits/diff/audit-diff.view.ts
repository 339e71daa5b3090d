import { ApiProperty } from '@nestjs/swagger';
import { ANY_JSON_VALUE } from '../../common/any-json-value.js';
import { CHANGE_TYPES } from './audit-diff.js';
import type { ChangeType } from './audit-diff.js';

/** One side of a diff. */
export class AuditDiffSideView {
  @ApiProperty({ type: 'integer', format: 'int64', minimum: 1 })
  id: number;
  @ApiProperty({ example: 'https://example.com/' })
  url: string;
  @ApiProperty({ type: 'string', format: 'date-time' })
  finished_at: string;
}

export class PageChangeView {
  @ApiProperty({ example: 'https://example.com/pricing' })
  url: string;
  @ApiProperty({
    ...ANY_JSON_VALUE,
    description:
      'The field in the `from` audit: a status code, a URL, a title, true/false, the hreflang alternates `[{lang, url}]`; null when absent. For `issue_*`: whether the page failed the check; for `page_added`: null.',
  })
  before: unknown;
  @ApiProperty({
    ...ANY_JSON_VALUE,
    description:
      'The field in this audit, as `before`; for `page_removed`: null.',
  })
  after: unknown;
}

export class AuditChangeView {
  @ApiProperty({
    enum: CHANGE_TYPES,
    description:
      "`issue_appeared` / `issue_fixed`: a page fails a check it did not (a new page's issues included) / no longer fails one it did (a removed page's included), one change per check; `page_added` / `page_removed`; per page in both audits: `status_code`, `redirect_to`, `indexable`, and, when it is an HTML page in both, `noindex`, `title`, `meta_description`, `canonical`, `hreflang`.",
  })
  type: ChangeType;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'The check, for issue_appeared and issue_fixed; else null.',
    example: 'broken_link',
  })
  check_id: string | null;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description:
      'How many pages it touches: each change counted once with all its pages.',
  })
  pages: number;
  @ApiProperty({
    type: [PageChangeView],
    description: 'The first `pages_per_change` pages it touches, by URL.',
  })
  items: PageChangeView[];
}

export class AuditDiffView {
  @ApiProperty({
    type: AuditDiffSideView,
    description: 'The audit compared with.',
  })
  from: AuditDiffSideView;
  @ApiProperty({ type: AuditDiffSideView, description: 'This audit.' })
  to: AuditDiffSideView;
  @ApiProperty({
    type: 'integer',
    description: 'The most pages each change lists.',
  })
  pages_per_change: number;
  @ApiProperty({
    type: [String],
    description:
      'What to know before trusting the changes: one sentence per crawl setting (`max_pages`, `max_depth`, `include`, `exclude`, `respect_robots`, `sitemaps`) the two audits were made with differently; empty when they were made alike.',
  })
  warnings: string[];
  @ApiProperty({
    type: [AuditChangeView],
    description:
      'Every change, in the order of `type` above, the issue changes by check id; empty when nothing changed.',
  })
  changes: AuditChangeView[];
}

export class AuditDiffEnvelope {
  @ApiProperty({ type: AuditDiffView })
  data: AuditDiffView;
}
