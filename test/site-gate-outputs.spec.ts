import { gateConfigOf } from '../src/gate/assertions.js';
import { judgeGate } from '../src/gate/judge-gate.js';
import { renderJunit } from '../src/outputs/formats/junit.js';
import { renderMarkdown } from '../src/outputs/formats/markdown.js';
import { renderSarif } from '../src/outputs/formats/sarif.js';
import { renderGateSummary } from '../src/gate/summary.js';
import { gateAuditOf } from './support/gate-audits.js';
import { junitErrors, sarifErrors } from './support/gate-schemas.js';

/**
 * The gate's files, from a verdict made by hand: what each holds, and that each is valid
 * against the published schema vendored in test/schemas.
 */

const u = (path: string) => `https://example.com${path}`;
const config = gateConfigOf(
  {
    preset: 'seo:recommended',
    assertions: { title: ['warn', { maxLength: 0 }] },
  },
  'test',
);
const failing = judgeGate(
  gateAuditOf(
    {
      broken_link: [u('/b?x=1&y=<2>'), u('/a')],
      title: [u('/t')],
      image_alt: [u('/i')],
    },
    { score: 45 },
  ),
  config,
);
const passing = judgeGate(gateAuditOf({}, { score: 95 }), config);
const before = gateAuditOf(
  { broken_link: [u('/a'), u('/fixed')] },
  { id: 1, score: 50 },
);
const againstBaseline = judgeGate(
  gateAuditOf({ broken_link: [u('/a'), u('/new')] }, { score: 45 }),
  config,
  before,
);

describe('the JUnit report', () => {
  it.each([
    ['failing', failing],
    ['passing', passing],
    ['against a baseline', againstBaseline],
  ])('is valid against the common JUnit schema (%s)', async (_, verdict) => {
    expect(await junitErrors(renderJunit(verdict, { hostname: 'ci' }))).toEqual(
      [],
    );
  });

  it('has a test case per assertion, a failure for each failed error listing its pages, warnings in system-out', () => {
    const xml = renderJunit(failing, { hostname: 'ci' });
    expect(xml.match(/<testcase /g)).toHaveLength(failing.outcomes.length);
    expect(xml).toContain(
      'tests="26" failures="1" errors="0" skipped="0" time="12.500"',
    );
    expect(xml).toContain('timestamp="2026-11-24T10:00:12"');
    expect(xml).toMatch(
      /<failure type="maxLength" message="broken_link: 2 pages, at most 0 pages">Broken internal links: 2 pages, at most 0 pages\nAdvice: [^<]+\nhttps:\/\/example.com\/a\nhttps:\/\/example.com\/b\?x=1&amp;y=&lt;2&gt;<\/failure>/,
    );
    expect(xml).toContain(
      '<system-out>warning: title (warn, at most 0 pages): 1 page, at most 0 pages\n  https://example.com/t\nwarning: site_score (warn, score at least 50): score 45, score at least 50\n</system-out>',
    );
  });
});

describe('the SARIF log', () => {
  it.each([
    ['failing', failing],
    ['passing', passing],
    ['against a baseline', againstBaseline],
  ])('is valid against the SARIF 2.1.0 schema (%s)', (_, verdict) => {
    expect(sarifErrors(renderSarif(verdict, { toolVersion: '1.0.0' }))).toEqual(
      [],
    );
  });

  it('has a rule per assertion and a result per failed page, the page as its location', () => {
    const log = JSON.parse(renderSarif(failing, { toolVersion: '1.0.0' }));
    const [run] = log.runs;
    expect(log.version).toBe('2.1.0');
    expect(run.tool.driver.rules).toHaveLength(failing.outcomes.length);
    expect(run.tool.driver.rules[0]).toMatchObject({
      id: 'broken_link',
      shortDescription: { text: 'Broken internal links' },
      help: { text: expect.stringMatching(/\w/) },
    });
    expect(
      run.results.map(
        (r: {
          ruleId: string;
          level: string;
          locations: Array<{
            physicalLocation: { artifactLocation: { uri: string } };
          }>;
        }) => [
          r.ruleId,
          r.level,
          r.locations[0].physicalLocation.artifactLocation.uri,
        ],
      ),
    ).toEqual([
      ['broken_link', 'error', u('/a')],
      ['broken_link', 'error', u('/b?x=1&y=%3C2%3E')],
      ['title', 'warning', u('/t')],
      ['site_score', 'warning', u('/')],
    ]);
  });

  it('marks results against a baseline as new, and only the new pages', () => {
    const { runs } = JSON.parse(
      renderSarif(againstBaseline, { toolVersion: '1.0.0' }),
    );
    expect(runs[0].results).toHaveLength(2);
    expect(runs[0].results[0]).toMatchObject({
      ruleId: 'broken_link',
      baselineState: 'new',
    });
    // The score fell below minScore and below the baseline's.
    expect(runs[0].results[1].ruleId).toBe('site_score');
  });
});

describe('the SARIF log of the accessibility check', () => {
  // Split, as an audit splits it, into a template finding and a page finding.
  const accessible = (pages: Record<string, string[]>) => {
    const audit = gateAuditOf({}, { score: 90 });
    const rulesOf = (urls: string[]) =>
      ['label', 'image-alt']
        .map((rule) => ({
          rule,
          urls: urls.filter((url) => pages[url].includes(rule)),
        }))
        .filter((rule) => rule.urls.length > 0);
    const inTemplate = Object.keys(pages).filter((url) =>
      url.startsWith(u('/form')),
    );
    const alone = Object.keys(pages).filter((url) => !inTemplate.includes(url));
    audit.issues = [
      {
        id: 'accessibility_violations',
        scope: 'template',
        urls: inTemplate,
        rules: rulesOf(inTemplate),
      },
      {
        id: 'accessibility_violations',
        scope: 'page',
        urls: alone,
        rules: rulesOf(alone),
      },
    ];
    return audit;
  };
  const now = accessible({
    [u('/form/1')]: ['label'],
    [u('/form/2')]: ['label', 'image-alt'],
    [u('/about')]: ['image-alt'],
  });
  const verdict = judgeGate(now, config);

  it("is a rule per axe-core rule broken, in axe-core's words, each with its pages", () => {
    const log = renderSarif(verdict, { toolVersion: '1.0.0' });
    expect(sarifErrors(log)).toEqual([]);
    const [run] = JSON.parse(log).runs;
    const ruled = run.tool.driver.rules.filter((rule: { id: string }) =>
      rule.id.startsWith('accessibility_violations'),
    );
    expect(ruled).toEqual([
      expect.objectContaining({
        id: 'accessibility_violations/image-alt',
        name: 'image-alt',
        shortDescription: {
          text: 'Images must have alternative text',
        },
        helpUri: expect.stringMatching(
          /^https:\/\/dequeuniversity\.com\/rules\/axe\/[\d.]+\/image-alt/,
        ),
        properties: expect.objectContaining({ tags: ['accessibility'] }),
      }),
      expect.objectContaining({ id: 'accessibility_violations/label' }),
    ]);
    const results = run.results
      .filter((r: { ruleId: string }) =>
        r.ruleId.startsWith('accessibility_violations'),
      )
      .map(
        (r: {
          ruleId: string;
          ruleIndex: number;
          locations: Array<{
            physicalLocation: { artifactLocation: { uri: string } };
          }>;
        }) => [
          r.ruleId,
          run.tool.driver.rules[r.ruleIndex].id,
          r.locations[0].physicalLocation.artifactLocation.uri,
        ],
      );
    expect(results).toEqual([
      [
        'accessibility_violations/image-alt',
        'accessibility_violations/image-alt',
        u('/about'),
      ],
      [
        'accessibility_violations/image-alt',
        'accessibility_violations/image-alt',
        u('/form/2'),
      ],
      [
        'accessibility_violations/label',
        'accessibility_violations/label',
        u('/form/1'),
      ],
      [
        'accessibility_violations/label',
        'accessibility_violations/label',
        u('/form/2'),
      ],
    ]);
  });

  it('names only the new pages against a baseline, and is the check alone when it holds', () => {
    const then = accessible({ [u('/form/1')]: ['label'] });
    then.audit.id = 1;
    const [run] = JSON.parse(
      renderSarif(judgeGate(now, config, then), { toolVersion: '1.0.0' }),
    ).runs;
    expect(
      run.results
        .filter((r: { ruleId: string }) =>
          r.ruleId.startsWith('accessibility_violations'),
        )
        .map((r: { ruleId: string; baselineState: string }) => [
          r.ruleId,
          r.baselineState,
        ]),
    ).toEqual([
      ['accessibility_violations/image-alt', 'new'],
      ['accessibility_violations/image-alt', 'new'],
      ['accessibility_violations/label', 'new'],
    ]);
    const clean = JSON.parse(
      renderSarif(judgeGate(gateAuditOf({}), config), { toolVersion: '1.0.0' }),
    ).runs[0];
    expect(
      clean.tool.driver.rules
        .map((rule: { id: string }) => rule.id)
        .filter((id: string) => id.startsWith('accessibility')),
    ).toEqual(['accessibility_violations']);
  });
});

describe('the Markdown comment', () => {
  it('says what fails, with the pages', () => {
    const md = renderMarkdown(failing);
    expect(md).toMatch(/^## ❌ SEO gate failed: 1 error, 2 warnings\n/);
    expect(md).toContain(
      '| ❌ error | `broken_link` Broken internal links | 2 | at most 0 pages |',
    );
    expect(md).toContain('- <https://example.com/b?x=1&y=%3C2%3E>');
    expect(md).not.toContain('### What is new');
  });

  it('says what is new and what was fixed against a baseline', () => {
    const md = renderMarkdown(againstBaseline);
    expect(md).toMatch(
      /### What is new\n\n<details><summary><code>broken_link<\/code>: 1 new pages<\/summary>\n\n- <https:\/\/example.com\/new>\n/,
    );
    expect(md).toMatch(
      /### What was fixed\n\n<details><summary><code>broken_link<\/code>: 1 pages fixed<\/summary>\n\n- <https:\/\/example.com\/fixed>\n/,
    );
  });

  it('says so when all holds', () => {
    expect(renderMarkdown(passing)).toMatch(
      /^## ✅ SEO gate passed\n[^]*Nothing: every assertion holds\.\n$/,
    );
  });
});

describe('the terminal summary', () => {
  it('lists each failed assertion with a few of its pages', () => {
    expect(renderGateSummary(failing, { colour: false })).toBe(
      [
        'SEO gate (seo:recommended): FAILED: 1 error, 2 warnings, 23 assertions passed',
        '  ✗ error  broken_link  Broken internal links: 2 pages, at most 0 pages',
        '      https://example.com/a',
        '      https://example.com/b?x=1&y=<2>',
        '  ! warn   title        Title tag: 1 page, at most 0 pages',
        '      https://example.com/t',
        '  ! warn   site_score   score 45, score at least 50',
      ].join('\n'),
    );
  });
});

describe('a broken-link assertion, by target', () => {
  const missing = u('/changelog.html');
  const audit = gateAuditOf({ broken_link: [u('/a'), u('/b'), u('/c')] });
  audit.issues[0].targets = [
    {
      url: missing,
      status_code: 404,
      error: null,
      redirect_to: null,
      reason: null,
      sources: [u('/a'), u('/b')],
    },
    {
      url: u('/old'),
      status_code: 410,
      error: null,
      redirect_to: null,
      reason: null,
      sources: [u('/c')],
    },
  ];
  const verdict = judgeGate(audit, config);

  it('names each missing URL with the pages linking to it, in every output', () => {
    const summary = renderGateSummary(verdict, { colour: false });
    expect(summary).toContain(`→ ${missing} (404), from 2 pages:`);
    expect(summary).toContain(`    ${u('/a')}`);
    const markdown = renderMarkdown(verdict);
    expect(markdown).toContain(
      `- <${missing}> (404), from 2 pages:\n  - <${u('/a')}>\n  - <${u('/b')}>`,
    );
    expect(markdown).toContain(`- <${u('/old')}> (410), from 1 page:`);
    const junit = renderJunit(verdict, { hostname: 'ci' });
    expect(junit).toContain(`${missing} (404), from 2 pages:`);
    const sarif = JSON.parse(
      renderSarif(verdict, { toolVersion: '1.0.0' }),
    ) as {
      runs: Array<{ results: Array<{ message: { text: string } }> }>;
    };
    const texts = sarif.runs[0].results.map((r) => r.message.text);
    expect(
      texts.filter((text) => text.includes(`to ${missing} (404)`)),
    ).toHaveLength(2);
    expect(texts.some((text) => text.includes(`to ${u('/old')} (410)`))).toBe(
      true,
    );
  });

  it('keeps each output valid', async () => {
    expect(await junitErrors(renderJunit(verdict, { hostname: 'ci' }))).toEqual(
      [],
    );
    expect(sarifErrors(renderSarif(verdict, { toolVersion: '1.0.0' }))).toEqual(
      [],
    );
  });
});

describe('a lab budget, per template', () => {
  const lab = {
    ...gateAuditOf({}, { score: 90 }),
    templates: [
      {
        name: '/product/{id}',
        pages: 60,
        representatives: [u('/product/1'), u('/product/31')],
        metrics: [
          { id: 'largest_contentful_paint', value: 4200, unit: 'ms' as const },
        ],
      },
      {
        name: '/blog/{slug}',
        pages: 30,
        representatives: [u('/blog/a')],
        metrics: [
          { id: 'largest_contentful_paint', value: 1800, unit: 'ms' as const },
        ],
      },
    ],
  };
  const budget = (max: number) =>
    gateConfigOf(
      {
        assertions: {
          largest_contentful_paint: ['error', { maxNumericValue: max }],
        },
      },
      'lab',
    );
  const over = judgeGate(lab, budget(2500));
  const within = judgeGate(lab, budget(5000));

  it('fails under a template median and passes above it', () => {
    expect(over.exitCode).toBe(1);
    expect(within.exitCode).toBe(0);
  });

  it('names the template, its median and its pages in JUnit', async () => {
    const xml = renderJunit(over, { hostname: 'ci' });
    expect(xml).toContain('failures="1"');
    expect(xml).toContain('<failure type="maxNumericValue"');
    expect(xml).toContain(
      'Template /product/{id}: median 4200 ms, 60 pages (they inherit this verdict); measured on:\n  https://example.com/product/1\n  https://example.com/product/31',
    );
    expect(xml).not.toContain('Template /blog/{slug}');
    expect(await junitErrors(xml)).toEqual([]);
    expect(renderJunit(within, { hostname: 'ci' })).toContain('failures="0"');
  });

  it('gives a result per measured page of the template in SARIF, naming it', () => {
    const sarif = renderSarif(over, { toolVersion: '1.0.0' });
    expect(sarifErrors(sarif)).toEqual([]);
    const [run] = (
      JSON.parse(sarif) as {
        runs: Array<{
          results: Array<{
            ruleId: string;
            message: { text: string };
            properties: { template: string };
            locations: Array<{
              physicalLocation: { artifactLocation: { uri: string } };
            }>;
          }>;
        }>;
      }
    ).runs;
    expect(
      run.results.map((r) => [
        r.ruleId,
        r.properties.template,
        r.locations[0].physicalLocation.artifactLocation.uri,
      ]),
    ).toEqual([
      ['largest_contentful_paint', '/product/{id}', u('/product/1')],
      ['largest_contentful_paint', '/product/{id}', u('/product/31')],
    ]);
    expect(run.results[0].message.text).toContain(
      'Largest Contentful Paint of template /product/{id} (60 pages, which inherit its verdict)',
    );
    expect(
      (
        JSON.parse(renderSarif(within, { toolVersion: '1.0.0' })) as {
          runs: Array<{ results: unknown[] }>;
        }
      ).runs[0].results,
    ).toEqual([]);
  });

  it('lists the template in Markdown and on the terminal', () => {
    const markdown = renderMarkdown(over);
    expect(markdown).toContain('median at most 2500 ms per template');
    expect(markdown).toContain(
      '- `/product/\\{id\\}`: median 4200 ms, 60 pages (they inherit this verdict); measured on:',
    );
    const summary = renderGateSummary(over, { colour: false });
    expect(summary).toContain('→ /product/{id}: median 4200 ms, 60 pages');
  });
});
