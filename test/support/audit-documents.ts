import type {
  Branding,
  DocumentFinding,
  SiteAuditDocument,
} from '../../src/outputs/audit-document.js';
import type { SiteAuditView } from '../../src/site-audits/site-audit.view.js';

/** A finding of a document: `pages` affected, the first of them listed. */
export function findingOf(
  id: string,
  fields: Partial<DocumentFinding> & { pages: number },
): DocumentFinding {
  const urls =
    fields.urls ??
    Array.from(
      { length: Math.min(fields.pages, 30) },
      (_, i) => `https://example.com/${id}/${i + 1}.html`,
    );
  return {
    id,
    scope: 'page',
    title: `Title of ${id}`,
    importance: 'medium',
    priority: 20,
    advice: `Advice for ${id}.`,
    examples: urls.slice(0, 3),
    templates: [],
    category: 'seo',
    explains: `It passes when ${id} holds.`,
    urls,
    ...fields,
  };
}

export const NO_BRANDING: Branding = {
  name: 'Account of tests',
  logo: null,
  accentColor: '#3b4a5a',
  contact: null,
  footer: null,
  showProductName: false,
};

/** A finished site audit as GET /site-audits/{id} answers it, with what a test changes. */
export function siteAuditViewOf(
  fields: Partial<SiteAuditView> = {},
): SiteAuditView {
  return {
    id: 12,
    url: 'https://example.com/',
    project: 'example.com',
    status: 'completed',
    stop_reason: 'done',
    settings: {
      max_pages: 1000,
      max_depth: 10,
      include: [],
      exclude: [],
      respect_robots: true,
      sitemaps: true,
      render: false,
      lab: false,
      lab_runs: null,
    },
    progress: {
      phase: 'finished',
      lab_pages: null,
      lab_pages_measured: 0,
      pages_crawled: 40,
      pages_queued: 0,
      pages_failed: 0,
      pages_unprocessed: 0,
      pages_known: 40,
      percent_done: 100,
      elapsed_ms: 12_500,
      time_left_ms: 0,
    },
    score: 74,
    result: 'decent',
    issues: {},
    privacy: 1,
    share_url: null,
    created_at: '2026-11-24T10:00:00.000Z',
    started_at: '2026-11-24T10:00:00.100Z',
    finished_at: '2026-11-24T10:00:12.500Z',
    error: null,
    incomplete: null,
    render_templates: null,
    structured_data: [],
    accessibility: { pages_audited: 0, rules: [] },
    schedule: null,
    next_run_at: null,
    scheduled_from: null,
    ...fields,
  };
}

/** A finished audit's document, with what a test changes. */
export function auditDocumentOf(
  fields: Partial<SiteAuditDocument> & { audit?: Partial<SiteAuditView> } = {},
): SiteAuditDocument {
  const { audit, ...rest } = fields;
  return {
    subject: 'site_audit',
    audit: siteAuditViewOf(audit),
    findings: [],
    templates: null,
    history: [],
    previous: null,
    statusCodes: [{ label: '200', pages: 40 }],
    depths: [
      { depth: 0, pages: 1 },
      { depth: 1, pages: 39 },
    ],
    userAgent: 'TestAgent/1.0',
    branding: NO_BRANDING,
    generatedAt: '2026-11-24T11:00:00.000Z',
    ...rest,
  };
}
