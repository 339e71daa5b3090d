import type { AuditIssueView } from '../../site-audits/site-audit-page.view.js';
import type { SiteAuditView } from '../../site-audits/site-audit.view.js';
import { auditSite, renderAutoSpelled } from './audit-site.js';
import { renderSiteAudit } from './site-audit-summary.js';
import { durationOf } from './progress.js';
import { gateConfigOf } from '../../gate/assertions.js';
import type { TemplateView } from '../../site-audits/templates/template.view.js';
import { SiteAuditRefused } from './site-audit-client.js';
import { siteAuditViewOf } from '../../../test/support/audit-documents.js';
import type { SiteAuditClient } from './site-audit-client.js';

function auditOf(fields: Partial<SiteAuditView> = {}): SiteAuditView {
  const finished = siteAuditViewOf();
  return siteAuditViewOf({
    id: 7,
    settings: { ...finished.settings, max_pages: 500 },
    progress: {
      ...finished.progress,
      pages_crawled: 12,
      pages_failed: 1,
      pages_known: 12,
      elapsed_ms: 3_400,
    },
    finished_at: '2026-11-24T10:00:03.400Z',
    ...fields,
  });
}

const issue = (
  id: string,
  pages: number,
  importance: AuditIssueView['importance'] = 'low',
  scope: AuditIssueView['scope'] = 'page',
  priority = pages,
): AuditIssueView => ({
  id,
  scope,
  title: `Title of ${id}`,
  importance,
  priority,
  pages,
  advice: `Fix ${id}.`,
  examples: [],
  templates: [],
});

const url = (n: number) => `https://example.com/page-${n}`;

/** A client whose audit runs for `polls` reads, then ends as `last`. */
function fakeClient(
  last: SiteAuditView,
  issues: AuditIssueView[],
  polls = 2,
): SiteAuditClient & { reads: number; cancelled: number[] } {
  const running = auditOf({
    status: 'running',
    stop_reason: null,
    finished_at: null,
    score: null,
    result: null,
  });
  return {
    where: null,
    reads: 0,
    cancelled: [],
    create() {
      return Promise.resolve({ ...running, status: 'queued' });
    },
    get() {
      this.reads += 1;
      return Promise.resolve(this.reads < polls ? running : last);
    },
    cancel(id) {
      this.cancelled.push(id);
      return Promise.resolve();
    },
    issues: () => Promise.resolve(issues),
    targets: () => Promise.resolve([]),
    templates: () => Promise.resolve([]),
    export: (id, format) => Promise.resolve(Buffer.from(`${format} of ${id}`)),
    affectedUrls: (_id, checkId) =>
      Promise.resolve(
        Array.from(
          { length: issues.find((i) => i.id === checkId)?.pages ?? 0 },
          (_, n) => url(n + 1),
        ),
      ),
  };
}

/** The issue with these pages of the site as its examples. */
function withExamples(one: AuditIssueView, pages: number[]): AuditIssueView {
  return { ...one, examples: pages.map(url) };
}

function collected() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    output: {
      out: (text: string) => out.push(text),
      err: (text: string) => err.push(text),
    },
  };
}

const OPTIONS = {
  url: 'https://example.com/',
  json: false,
  colour: false,
  pollMs: 1,
};

describe('renderSiteAudit', () => {
  it('says what was crawled, the score and how long it took, then the issues highest priority first, each with its advice and where it lives', () => {
    const text = renderSiteAudit(
      auditOf(),
      [
        withExamples(issue('https', 12, 'high', 'host', 15), [1, 2, 3]),
        {
          ...withExamples(
            issue('inline_css', 12, 'low', 'template', 13),
            [1, 2, 3],
          ),
          templates: [
            {
              id: 1,
              name: '/{slug}',
              pattern: '/{slug}',
              pages: 12,
              failing: 12,
            },
          ],
        },
        withExamples(issue('broken_link', 1, 'high', 'site', 33), [4]),
      ],
      { colour: false, where: null },
    );
    expect(text.split('\n')).toEqual([
      'Site audit of https://example.com/  (id 7)',
      'Score 74/100, decent',
      'completed, stopped: nothing left in scope; 12 pages crawled (1 failed) in 3.4 s',
      '',
      '3 issues, highest priority first:',
      '  ✗ broken_link  Title of broken_link [high, site check]: 1 page',
      '      Fix: Fix broken_link.',
      `      ${url(4)}`,
      '  ✗ https        Title of https [high, host]: 12 pages',
      '      Fix: Fix https.',
      `      ${url(1)}`,
      `      ${url(2)}`,
      `      ${url(3)}`,
      `      … and 9 more`,
      '  ✗ inline_css   Title of inline_css [low, template]: 12 pages',
      '      Fix: Fix inline_css.',
      '      In template /{slug}: 12 of its 12 pages',
      `      ${url(1)}`,
      `      ${url(2)}`,
      `      ${url(3)}`,
      `      … and 9 more`,
    ]);
  });

  it('shows the top ten, how many pages each has beyond its examples, and where the rest are', () => {
    const issues = Array.from({ length: 12 }, (_, i) =>
      withExamples(
        issue(`check_${String(i).padStart(2, '0')}`, 40 - i),
        [1, 2, 3],
      ),
    );
    const text = renderSiteAudit(auditOf(), issues, {
      colour: false,
      where: 'http://localhost:3000/api/v1',
    });
    expect(text).toContain('Top 10 of 12 issues, highest priority first:');
    expect(text).toContain('check_09');
    expect(text).not.toContain('check_10');
    expect(text).toContain(`      ${url(3)}\n      … and 37 more\n`);
    expect(text).toMatch(
      /2 more issues: --json lists them all, as does http:\/\/localhost:3000\/api\/v1\/site-audits\/7\/issues\.$/,
    );
  });

  it('says so when nothing fails, and when no page was HTML', () => {
    const text = renderSiteAudit(auditOf({ score: null, result: null }), [], {
      colour: false,
      where: null,
    });
    expect(text).toContain('Score n/a (no HTML page was crawled)');
    expect(text).toContain('No issues: every check passed on every page.');
  });
});

describe('durationOf', () => {
  it.each([
    [870, '0.9 s'],
    [12_400, '12 s'],
    [75_000, '1 min 15 s'],
    [3_720_000, '1 h 2 min'],
  ])('%d ms is %s', (ms, text) => expect(durationOf(ms)).toBe(text));
});

describe('auditSite', () => {
  it('reads the audit until it is judged, then prints the audit and its issues alone as JSON', async () => {
    const issues = [issue('title', 3, 'high')];
    const client = fakeClient(auditOf(), issues, 3);
    const { out, err, output } = collected();
    const code = await auditSite(client, { ...OPTIONS, json: true }, output);
    expect(code).toBe(0);
    expect(client.reads).toBe(3);
    expect(err).toEqual([]);
    expect(JSON.parse(out.join(''))).toEqual({
      audit: auditOf(),
      issues: [{ ...issues[0], urls: [url(1), url(2), url(3)] }],
      templates: [],
    });
  });

  it('with a gate, prints its summary, writes its files and exits 1 when an error assertion fails', async () => {
    const client = fakeClient(auditOf(), [
      issue('broken_link', 2, 'high', 'site'),
    ]);
    const { out, err, output } = collected();
    const written = new Map<string, string>();
    const code = await auditSite(
      client,
      {
        ...OPTIONS,
        gate: {
          config: gateConfigOf('seo:recommended', '--assert'),
          baseline: null,
          junit: 'seo.xml',
          sarif: 'seo.sarif',
          markdown: 'seo.md',
          hostname: 'ci',
          toolVersion: '0.1.0',
        },
      },
      {
        ...output,
        write: (path, content) => {
          written.set(path, String(content));
          return Promise.resolve();
        },
      },
    );
    expect(code).toBe(1);
    expect(err).toEqual([]);
    expect(out.join('\n')).toMatch(
      /^SEO gate \(seo:recommended\): FAILED: 1 error, 0 warnings, 25 assertions passed\n {2}✗ error {2}broken_link {2}Broken internal links: 2 pages, at most 0 pages\n {6}https:\/\/example.com\/page-1\n/,
    );
    expect([...written.keys()]).toEqual(['seo.xml', 'seo.sarif', 'seo.md']);
  });

  it('exits 2 before auditing when a baseline id is given without a service', async () => {
    const client = fakeClient(auditOf(), []);
    let created = false;
    client.create = () => {
      created = true;
      return Promise.reject(new Error('not expected'));
    };
    const { err, output } = collected();
    const code = await auditSite(
      client,
      {
        ...OPTIONS,
        gate: {
          config: gateConfigOf('seo:recommended', '--assert'),
          baseline: { auditId: 3 },
          hostname: 'ci',
          toolVersion: '0.1.0',
        },
      },
      output,
    );
    expect({ code, created }).toEqual({ code: 2, created: false });
    expect(err[0]).toMatch(/^--baseline 3 names an audit of a running service/);
  });

  it('exits 2 with the reason on stderr, and nothing on stdout, when the audit failed', async () => {
    const failed = auditOf({
      status: 'failed',
      stop_reason: 'error',
      score: null,
      result: null,
      error: { code: 'dns', message: 'The start URL could not be fetched.' },
    });
    const { out, err, output } = collected();
    const code = await auditSite(fakeClient(failed, []), OPTIONS, output);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([
      'Site audit of https://example.com/ failed (dns): The start URL could not be fetched.',
    ]);
  });

  it('exits 2 with the problem when the service refuses the audit', async () => {
    const client = fakeClient(auditOf(), []);
    client.create = () =>
      Promise.reject(
        new SiteAuditRefused({
          type: 'about:blank',
          title: 'Too Many Requests',
          status: 429,
          detail: 'This account already has 2 site audits queued or running.',
        }),
      );
    const { out, err, output } = collected();
    expect(await auditSite(client, OPTIONS, output)).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([
      'The site audit could not start: 429 Too Many Requests: This account already has 2 site audits queued or running.',
    ]);
  });

  it('cancels the audit when interrupted while it runs', async () => {
    const client = fakeClient(auditOf(), [], Infinity);
    const interrupt = new AbortController();
    const { out, err, output } = collected();
    const running = auditSite(
      client,
      { ...OPTIONS, pollMs: 20, signal: interrupt.signal },
      output,
    );
    setTimeout(() => interrupt.abort(), 50);
    expect(await running).toBe(130);
    expect(client.cancelled).toEqual([7]);
    expect(out).toEqual([]);
    expect(err).toEqual(['Interrupted: site audit 7 was cancelled.']);
  });
});

describe('audit-site --lab', () => {
  const template = (
    name: string,
    pages: number,
    lcp: number,
    band: 'good' | 'poor',
  ): TemplateView => ({
    id: 1,
    name,
    pattern: name,
    pages,
    representatives: [`https://example.com${name}`],
    metrics: [
      {
        id: 'largest_contentful_paint',
        value: lcp,
        unit: 'ms',
        band,
        pages: 1,
        spread: { min: lcp, max: lcp },
        wide: false,
        warning: null,
      },
    ],
    lab_pages: [
      {
        url: `https://example.com${name}`,
        state: 'measured',
        performance_score: 90,
        runs: 3,
        metrics: [],
        warnings: [],
        error: null,
        settings: null,
      },
      {
        url: `https://example.com${name}/slow`,
        state: 'failed',
        performance_score: null,
        runs: null,
        metrics: [],
        warnings: [],
        error: { code: 'timeout', message: 'It never loaded.' },
        settings: null,
      },
    ],
    verdict: '',
  });

  it('asks for the lab phase with its runs, and lists each template with its pages and medians', async () => {
    const completed = auditOf({
      settings: { ...auditOf().settings, lab: true, lab_runs: 5 },
    });
    const client = fakeClient(completed, []);
    const asked: object[] = [];
    const create = client.create.bind(client);
    client.create = (url, fields) => {
      asked.push(fields);
      return create(url, fields);
    };
    client.templates = () =>
      Promise.resolve([
        template('/product/{id}', 60, 4200, 'poor'),
        template('/', 1, 1200, 'good'),
      ]);
    const { out, output } = collected();
    const code = await auditSite(
      client,
      { ...OPTIONS, lab: true, labRuns: 5 },
      output,
    );
    expect(code).toBe(0);
    expect(asked).toEqual([{ lab: true, lab_runs: 5 }]);
    expect(out.join('\n')).toContain(
      [
        "2 templates, measured in the lab (medians; the pages not measured inherit their template's):",
        '  /product/{id}  60 pages, 1 measured: LCP 4200 ms',
        '      https://example.com/product/{id}/slow: not measured (timeout): It never loaded.',
        '  /              1 page, 1 measured: LCP 1200 ms',
      ].join('\n'),
    );
  });

  it('lists no template for an audit without lab', async () => {
    const client = fakeClient(auditOf(), []);
    client.templates = () => Promise.reject(new Error('not asked'));
    const { out, output } = collected();
    expect(await auditSite(client, OPTIONS, output)).toBe(0);
    expect(out.join('\n')).not.toContain('template');
  });
});

describe('renderAutoSpelled', () => {
  it.each([
    [
      ['https://site.test/', '--render', 'auto'],
      ['https://site.test/', '--render-auto'],
    ],
    [
      ['--render=auto', 'https://site.test/'],
      ['--render-auto', 'https://site.test/'],
    ],
    [
      ['--render', 'https://site.test/'],
      ['--render', 'https://site.test/'],
    ],
    [
      ['https://site.test/', '--render'],
      ['https://site.test/', '--render'],
    ],
  ])('reads %j as %j', (args, spelled) => {
    expect(renderAutoSpelled(args)).toEqual(spelled);
  });
});
