import { FINDING_SCOPES } from './findings/findings.js';
import type { FindingScope } from './findings/findings.js';
import { ApiProperty } from '@nestjs/swagger';
import { ANY_JSON_VALUE } from '../common/any-json-value.js';
import { IMPORTANCES, RATINGS } from '../analysis/index.js';
import type { AnalysisResults, Importance, Rating } from '../analysis/index.js';
import {
  AnalysisResultsView,
  RenderOutcomeView,
} from '../analysis-jobs/analysis-results.view.js';
import { ListEnvelopeOf } from '../common/pagination/page.views.js';

export class TemplateRefView {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Its id in GET /site-audits/{id}/templates.',
  })
  id: number;
  @ApiProperty({
    example: '/blog/{slug}',
    description:
      'Its URL pattern, and "(layout n)" where pages of one pattern have different layouts.',
  })
  name: string;
}

export class AuditPageView {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: "The page's id in its audit: its place in crawl order.",
  })
  id: number;
  @ApiProperty({ example: 'https://example.com/pricing' })
  url: string;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'Null when the request failed (see error) or robots.txt blocked it.',
  })
  status_code: number | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: "A 3xx answer's target, normalised.",
  })
  redirect_to: string | null;
  @ApiProperty({ type: 'string', nullable: true })
  content_type: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'Fewest followed links from the start page (0); null when reached only through a sitemap, a canonical or hreflang.',
  })
  depth: number | null;
  @ApiProperty({
    type: 'integer',
    description: 'Distinct other pages with a followed link to it.',
  })
  inlinks: number;
  @ApiProperty({
    type: 'integer',
    description: 'Distinct http(s) targets of its links.',
  })
  outlinks: number;
  @ApiProperty()
  in_sitemap: boolean;
  @ApiProperty()
  blocked_by_robots: boolean;
  @ApiProperty({
    description:
      'An HTML page without noindex whose canonical is absent or its own URL.',
  })
  indexable: boolean;
  @ApiProperty({ type: 'string', nullable: true })
  title: string | null;
  @ApiProperty({ type: 'string', nullable: true })
  canonical: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 100,
    description:
      "HTML pages: the page checks' score, the site checks it fails counted as failed checks once the audit is judged.",
  })
  score: number | null;
  @ApiProperty({ enum: RATINGS, nullable: true, type: 'string' })
  result: Rating | null;
  @ApiProperty({
    type: [String],
    description: 'Ids of the page and site checks it fails.',
  })
  failed_checks: string[];
  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'Why it has no answer: its request failed (connection, timeout, dns, tls, …), or url_too_long (longer than 2,048 characters: recorded, never requested).',
  })
  error: string | null;
  @ApiProperty({
    description:
      'Its body was longer than the crawl reads (5 MiB): it was judged on its first bytes.',
  })
  truncated: boolean;
  @ApiProperty({
    description:
      'A text was longer than stored and is kept cut: its title or meta description (1,024 characters), its anchors (128 Ki characters together) or the message or evidence of a check (1,024 characters, 100 items a list).',
  })
  texts_cut: boolean;
  @ApiProperty({
    description:
      'It had more links (5,000) or hreflang alternates (1,000) than the crawl reads: the first ones were read and followed.',
  })
  links_cut: boolean;
  @ApiProperty({
    type: RenderOutcomeView,
    nullable: true,
    description:
      'On a rendered audit (render: true), what rendering the page met; null when the audit does not render (docs/rendering.md).',
  })
  render: RenderOutcomeView | null;
  @ApiProperty({
    type: TemplateRefView,
    nullable: true,
    description:
      'Once the audit is judged, its template (GET /site-audits/{id}/templates); null before, and for pages that are not HTML answered 2xx.',
  })
  template: TemplateRefView | null;
}

export class SiteCheckFindingView {
  @ApiProperty({ example: 'duplicate_title' })
  id: string;
  @ApiProperty({
    ...ANY_JSON_VALUE,
    description: "The check's evidence for this page (docs/checks.md).",
  })
  value: unknown;
}

export class PageTemplateView extends TemplateRefView {
  @ApiProperty({
    description:
      'This page itself was measured, as one of its representatives.',
  })
  measured: boolean;
  @ApiProperty({
    example:
      'Not measured in the lab: it inherits the verdict of its template /blog/{slug}, whose representatives were.',
  })
  note: string;
}

export class AuditPageDetailView extends AuditPageView {
  @ApiProperty({
    type: AnalysisResultsView,
    nullable: true,
    description:
      "The page checks, as a report's results; null when it is not an HTML page.",
  })
  results: AnalysisResults | null;
  @ApiProperty({
    type: [SiteCheckFindingView],
    description: 'Each site check it fails, with its evidence.',
  })
  site_checks: SiteCheckFindingView[];
  @ApiProperty({
    type: PageTemplateView,
    nullable: true,
    description:
      "Once the audit is judged, the page's template, and with lab: true whether it was measured or inherits the template's lab verdict. Null before, and for pages that are not HTML answered 2xx.",
  })
  declare template: PageTemplateView | null;
}

export class AuditPageEnvelope {
  @ApiProperty({ type: AuditPageDetailView })
  data: AuditPageDetailView;
}

export class AuditPageListEnvelope extends ListEnvelopeOf(AuditPageView) {}

export class FindingTemplateView {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Its id in GET /site-audits/{id}/templates.',
  })
  id: number;
  @ApiProperty({ example: '/api/{slug}' })
  name: string;
  @ApiProperty({ example: '/api/{slug}' })
  pattern: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Its pages.' })
  pages: number;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Of them, those the check fails on.',
  })
  failing: number;
}

export class AuditIssueView {
  @ApiProperty({ example: 'broken_link' })
  id: string;
  @ApiProperty({
    enum: FINDING_SCOPES,
    description:
      "`host`: one fact about the server (HTTPS, its headers, compression, robots.txt, sitemap, favicon, 404 page), the same on every page, reported once; `template`: a page check failing on at least 90% of the pages of one or more templates (3 pages or more; or on 90% of all HTML pages), one fix in each template, named in `templates`; `site`: a check across pages (duplicates, links, canonicals); `page`: a page check failing on some pages. A check failing as a template's and on other pages too is two findings, `template` and `page` (GET /issues/{check_id}?scope= lists each one's pages).",
  })
  scope: FindingScope;
  @ApiProperty({ example: 'Broken internal links' })
  title: string;
  @ApiProperty({ enum: IMPORTANCES })
  importance: Importance;
  @ApiProperty({
    type: 'integer',
    minimum: 5,
    maximum: 60,
    description:
      'Higher first. A `site` or `page` finding: 10 × the weight of its importance (high 3, medium 2, low 1), plus that much again times the share of HTML pages it affects (rounded up): 11 to 60. A `template` finding: 10 + 3 × the weight (13, 16, 19), one fix made once: below every medium or high problem found on the pages, above a low-importance defect on a fifth of the pages or fewer. A `host` fact: 5 × the weight (5, 10, 15).',
  })
  priority: number;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Pages it affects.',
  })
  pages: number;
  @ApiProperty({
    description: 'What to change, from the check catalogue (docs/checks.md).',
  })
  advice: string;
  @ApiProperty({
    type: [String],
    description: 'The first pages (at most 3, in crawl order) it affects.',
  })
  examples: string[];
  @ApiProperty({
    type: [FindingTemplateView],
    description:
      'A `template` finding: each template it fails as, the most failing pages first; empty for the others.',
  })
  templates: FindingTemplateView[];
}

export class AuditIssueListEnvelope {
  @ApiProperty({
    type: [AuditIssueView],
    description: 'Every check that affects a page, highest `priority` first.',
  })
  data: AuditIssueView[];
}

export class FindingTargetView {
  @ApiProperty({ example: 'https://example.com/changelog.html' })
  url: string;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "The target's answer; null when its request failed.",
  })
  status_code: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why its request failed; null when it answered.',
  })
  error: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Where it redirects; null when it does not.',
  })
  redirect_to: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Why it is at fault where its answer does not say it: `noindex` or `canonicalised` for an hreflang alternate answered 2xx; null otherwise.',
  })
  reason: string | null;
  @ApiProperty({
    type: [String],
    description: 'Every page pointing at it, in crawl order.',
  })
  sources: string[];
}

/** Each target once, the most pointed-at first, then by URL, a page of them. */
export class FindingTargetListEnvelope extends ListEnvelopeOf(
  FindingTargetView,
) {}

export class AffectedPageView {
  @ApiProperty({ type: 'integer', minimum: 1 })
  page_id: number;
  @ApiProperty()
  url: string;
  @ApiProperty({
    ...ANY_JSON_VALUE,
  })
  value: unknown;
}

export class AffectedPageListEnvelope extends ListEnvelopeOf(
  AffectedPageView,
) {}

export class AuditLinkView {
  @ApiProperty()
  from_url: string;
  @ApiProperty()
  to_url: string;
  @ApiProperty()
  anchor: string;
  @ApiProperty()
  followed: boolean;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      "The target's answer; null when unchecked or when its request failed.",
  })
  status_code: number | null;
}

export class AuditLinkListEnvelope extends ListEnvelopeOf(AuditLinkView) {}
