import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import { gateConfigOf } from '../src/gate/assertions.js';
import type { AuditExport } from '../src/gate/audit-export.js';
import { judgeGate } from '../src/gate/judge-gate.js';
import { renderJunit } from '../src/outputs/formats/junit.js';
import { renderSarif } from '../src/outputs/formats/sarif.js';
import {
  EXPECTED_SITE_CHECKS,
  startAuditFixtureSite,
} from './support/audit-fixture-site.js';
import type { AuditFixtureSite } from './support/audit-fixture-site.js';
import {
  startFixtureSite,
  wellKeptSiteFiles,
} from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { junitErrors, sarifErrors } from './support/gate-schemas.js';
import { runCli } from './support/service-process.js';

/**
 * Page checks of the presets the fixture site does not seed: it has no structured data,
 * and the command renders no page, so no accessibility rule runs. They hold.
 */
const UNSEEDED_PAGE_CHECKS = [
  'structured_data_invalid',
  'rich_result_ineligible',
  'accessibility_violations',
];

/**
 * `audit-site --assert`, the SEO gate, as a CI step runs it: the built command line,
 * self-contained (the service in its own process on a throwaway embedded database), on
 * small sites on loopback: a clean one, the fixture site that seeds every site check,
 * and one that gains a broken link between two runs.
 */

const WORDS =
  'A gate in CI stops a change that breaks the site: links to pages that are gone, titles shared by pages, canonicals that lead nowhere. '.repeat(
    14,
  );

/** Headers that pass the page checks of security and caching. */
const HEALTHY_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-encoding': 'gzip',
  'cache-control': 'no-cache',
  'content-security-policy': "default-src 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'geolocation=()',
};

/** A site whose pages pass every check a site on http can pass, linking as `links` says. */
async function startCleanSite(
  links: () => Record<string, string[]>,
): Promise<FixtureSite> {
  const page = (path: string) => (_req: unknown, res: ServerResponse) => {
    const title = `The ${path === '/' ? 'home' : path.slice(1)} page of a clean site`;
    const head = [
      '<meta charset="utf-8">',
      `<title>${title}</title>`,
      `<meta name="description" content="${title}: one of the pages the SEO gate audits end to end in CI.">`,
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<link rel="canonical" href="${site.url(path)}">`,
      '<link rel="icon" href="/favicon.ico">',
      `<meta property="og:title" content="${title}">`,
      `<meta property="og:image" content="${site.url('/favicon.ico')}">`,
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage"}</script>',
    ].join('');
    const anchors = (links()[path] ?? [])
      .map((to) => `<a href="${to}">Read the ${to.slice(1) || 'home'} page</a>`)
      .join(' ');
    res.writeHead(200, HEALTHY_HEADERS);
    res.end(
      gzipSync(
        `<!doctype html><html lang="en"><head>${head}</head><body><h1>${title}</h1><p>${WORDS}</p>${anchors}</body></html>`,
      ),
    );
  };
  const site: FixtureSite = await startFixtureSite({
    '/': page('/'),
    '/about': page('/about'),
    '/pricing': page('/pricing'),
    ...wellKeptSiteFiles((path) => site.url(path), ['/', '/about', '/pricing']),
  });
  return site;
}

/** What changes from run to run of one audit: when it ran and how long it took. */
const withoutTimes = (text: string) =>
  text
    .replace(/(timestamp|time)="[^"]*"/g, '$1="…"')
    .replace(/"(startTimeUtc|endTimeUtc)": "[^"]*"/g, '"$1": "…"');

/** stderr without the progress lines a run writes while it waits (stderr is no terminal here). */
function withoutProgress(stderr: string): string {
  return stderr.replace(/^Site audit \d+ of .* elapsed\n/gm, '');
}

describe('npx report-service audit-site --assert (the SEO gate)', () => {
  let temp: string;
  let clean: FixtureSite;
  let defects: AuditFixtureSite;
  let elsewhere: FixtureSite;
  /** The site of the baseline runs: it gains a broken link from /about when set. */
  let newBrokenLink = false;
  let changing: FixtureSite;

  const here = {
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/not-this-one',
    REDIS_URL: 'redis://127.0.0.1:1',
    REPORT_SERVICE_API: undefined,
    REPORT_SERVICE_KEY: undefined,
  };
  const file = (name: string) => join(temp, name);
  const gate = (url: string, ...args: string[]) =>
    runCli(['audit-site', url, ...args], { ...here, TMPDIR: temp });

  beforeAll(async () => {
    temp = await mkdtemp(join(tmpdir(), 'report-service-gate-test-'));
    clean = await startCleanSite(() => ({
      '/': ['/about', '/pricing'],
      '/about': ['/'],
      '/pricing': ['/'],
    }));
    elsewhere = await startFixtureSite({});
    defects = await startAuditFixtureSite(elsewhere.origin);
    changing = await startCleanSite(() => ({
      '/': ['/about', '/pricing', '/gone'],
      '/about': newBrokenLink ? ['/', '/missing'] : ['/'],
      '/pricing': ['/'],
    }));
  });
  afterAll(async () => {
    await Promise.all(
      [clean, defects, elsewhere, changing].map((s) => s?.close()),
    );
    await rm(temp, { recursive: true, force: true });
  });

  it('passes a clean site with exit 0, and its files are valid and the same run after run but for the times', async () => {
    const outputs: Array<{ junit: string; sarif: string }> = [];
    let exported: AuditExport | undefined;
    for (const run of [1, 2]) {
      const done = await gate(
        clean.url('/'),
        '--assert',
        'seo:strict',
        '--junit',
        file(`clean-${run}/seo.junit.xml`),
        '--sarif',
        file(`clean-${run}/seo.sarif`),
        '--json',
      );
      expect({ status: done.status }).toEqual({ status: 0 });
      expect(withoutProgress(done.stderr)).toMatch(
        /^SEO gate \(seo:strict\): passed: 0 errors, 0 warnings, 26 assertions passed\n$/,
      );
      exported = JSON.parse(done.stdout) as AuditExport;
      outputs.push({
        junit: await readFile(file(`clean-${run}/seo.junit.xml`), 'utf8'),
        sarif: await readFile(file(`clean-${run}/seo.sarif`), 'utf8'),
      });
    }
    expect(await junitErrors(outputs[0].junit)).toEqual([]);
    expect(sarifErrors(outputs[0].sarif)).toEqual([]);
    expect(withoutTimes(outputs[1].junit)).toBe(withoutTimes(outputs[0].junit));
    expect(withoutTimes(outputs[1].sarif)).toBe(withoutTimes(outputs[0].sarif));
    // Twenty more verdicts over the audit's export: the very bytes the command wrote.
    const version = (
      JSON.parse(await readFile('package.json', 'utf8')) as { version: string }
    ).version;
    const config = gateConfigOf('seo:strict', '--assert');
    for (let i = 0; i < 20; i++) {
      const verdict = judgeGate(exported!, config);
      expect(renderJunit(verdict, { hostname: hostname() })).toBe(
        outputs[1].junit,
      );
      expect(renderSarif(verdict, { toolVersion: version })).toBe(
        outputs[1].sarif,
      );
    }
  }, 90_000);

  it.each(['seo:recommended', 'seo:strict'])(
    'fails every error assertion of %s on the site seeded with their defects, with exit 1, naming the pages',
    async (preset) => {
      const name = preset.replace(':', '-');
      const done = await gate(
        defects.url('/'),
        '--assert',
        preset,
        '--junit',
        file(`${name}.junit.xml`),
        '--sarif',
        file(`${name}.sarif`),
        '--markdown',
        file(`${name}.md`),
      );
      expect({
        status: done.status,
        stderr: withoutProgress(done.stderr),
      }).toEqual({
        status: 1,
        stderr: '',
      });
      const errors = gateConfigOf(preset, '--assert').assertions.filter(
        (a) => a.level === 'error',
      );
      const sarif = await readFile(file(`${name}.sarif`), 'utf8');
      const junit = await readFile(file(`${name}.junit.xml`), 'utf8');
      expect(sarifErrors(sarif)).toEqual([]);
      expect(await junitErrors(junit)).toEqual([]);
      const results = (
        JSON.parse(sarif) as {
          runs: Array<{
            results: Array<{
              ruleId: string;
              level: string;
              locations: Array<{
                physicalLocation: { artifactLocation: { uri: string } };
              }>;
            }>;
          }>;
        }
      ).runs[0].results;
      for (const assertion of errors) {
        const pages = results
          .filter((r) => r.ruleId === assertion.id && r.level === 'error')
          .map((r) => r.locations[0].physicalLocation.artifactLocation.uri);
        const expected = EXPECTED_SITE_CHECKS[assertion.id];
        if (expected) {
          // A site check: exactly the pages the fixture seeds it on, sorted.
          expect({ [assertion.id]: pages }).toEqual({
            [assertion.id]: expected.map((p) => defects.url(p)).sort(),
          });
        } else if (UNSEEDED_PAGE_CHECKS.includes(assertion.id)) {
          expect({ [assertion.id]: pages }).toEqual({ [assertion.id]: [] });
          continue;
        } else {
          expect({ [assertion.id]: pages.length }).not.toEqual({
            [assertion.id]: 0,
          });
        }
        expect(junit).toContain(
          `<failure type="${assertion.kind === 'score' ? 'minScore' : 'maxLength'}" message="${assertion.id}: `,
        );
        expect(done.stdout).toMatch(
          new RegExp(`\\n {2}✗ error {2}${assertion.id} +`),
        );
      }
      expect(done.stdout).toContain(`      ${defects.url('/a')}\n`);
      expect(await readFile(file(`${name}.md`), 'utf8')).toMatch(
        /^## ❌ SEO gate failed: \d+ errors?, \d+ warnings?\n/,
      );
    },
    90_000,
  );

  it('writes every --out asked for in one run: the verdict as JUnit and SARIF, the audit as JSON, the summary on stdout', async () => {
    const done = await gate(
      defects.url('/'),
      '--assert',
      'seo:recommended',
      '--out',
      `junit:${file('out/seo.junit.xml')}`,
      '--out',
      `sarif:${file('out/seo.sarif')}`,
      '--out',
      `json:${file('out/audit.json')}`,
    );
    expect({
      status: done.status,
      stderr: withoutProgress(done.stderr),
    }).toEqual({ status: 1, stderr: '' });
    // No output took stdout: the verdict for a person is there.
    expect(done.stdout).toMatch(/^SEO gate \(seo:recommended\): FAILED: /);
    const junit = await readFile(file('out/seo.junit.xml'), 'utf8');
    const sarif = await readFile(file('out/seo.sarif'), 'utf8');
    const exported = JSON.parse(
      await readFile(file('out/audit.json'), 'utf8'),
    ) as AuditExport;
    expect(await junitErrors(junit)).toEqual([]);
    expect(sarifErrors(sarif)).toEqual([]);
    expect(exported.audit).toMatchObject({
      url: defects.url('/'),
      status: 'completed',
    });
    // The three are of one audit: its JSON judged again gives the very files written.
    const verdict = judgeGate(
      exported,
      gateConfigOf('seo:recommended', '--assert'),
    );
    expect(renderJunit(verdict, { hostname: hostname() })).toBe(junit);
    const version = (
      JSON.parse(await readFile('package.json', 'utf8')) as { version: string }
    ).version;
    expect(renderSarif(verdict, { toolVersion: version })).toBe(sarif);
  }, 90_000);

  it('refuses an unknown format, an --out without its file, a file named twice or a verdict without --assert, before crawling', async () => {
    const refusals = [
      [
        ['--assert', 'seo:strict', '--out', 'docx:seo.docx'],
        /^--out docx:seo\.docx: unknown format "docx"; audit-site writes pdf, html, csv, json, junit, sarif, markdown\n/,
      ],
      [
        ['--assert', 'seo:strict', '--out', 'junit'],
        /^--out junit names no file/,
      ],
      [
        [
          '--assert',
          'seo:strict',
          '--junit',
          file('same.xml'),
          '--out',
          `sarif:${file('same.xml')}`,
        ],
        /^--junit and --out sarif:\S+ both write /,
      ],
      [
        ['--out', `markdown:${file('seo.md')}`],
        /^--out markdown:\S+ judge assertions: give --assert/,
      ],
    ] as const;
    for (const [args, message] of refusals) {
      // A site that is not there: a crawl would fail differently.
      const refused = await gate('http://127.0.0.1:9/', ...args);
      expect({ status: refused.status, stdout: refused.stdout }).toEqual({
        status: 2,
        stdout: '',
      });
      expect(refused.stderr).toMatch(message);
      expect(refused.stderr).toContain('Usage: npx report-service audit-site');
    }
  }, 90_000);

  it('against a baseline, passes the unchanged site with its known issues and fails on one new broken link', async () => {
    const assertions = file('gate.json');
    await writeFile(
      assertions,
      JSON.stringify({
        preset: 'seo:recommended',
        assertions: { broken_link: ['error', { maxLength: 0 }] },
      }),
    );
    const first = await gate(
      changing.url('/'),
      '--assert',
      assertions,
      '--json',
    );
    // The known broken link (/ to /gone) fails the gate without a baseline.
    expect(first.status).toBe(1);
    await writeFile(file('baseline.json'), first.stdout);

    const unchanged = await gate(
      changing.url('/'),
      '--assert',
      assertions,
      '--baseline',
      file('baseline.json'),
      '--markdown',
      file('unchanged.md'),
    );
    expect({
      status: unchanged.status,
      stderr: withoutProgress(unchanged.stderr),
    }).toEqual({
      status: 0,
      stderr: '',
    });
    expect(unchanged.stdout).toMatch(
      /^SEO gate \(seo:recommended\), against site audit 1: new issues only: passed/,
    );
    expect(await readFile(file('unchanged.md'), 'utf8')).toContain(
      '### What is new\n\nNo new issue.',
    );

    newBrokenLink = true;
    const broken = await gate(
      changing.url('/'),
      '--assert',
      assertions,
      '--baseline',
      file('baseline.json'),
      '--sarif',
      file('broken.sarif'),
    );
    expect({
      status: broken.status,
      stderr: withoutProgress(broken.stderr),
    }).toEqual({
      status: 1,
      stderr: '',
    });
    expect(broken.stdout).toContain(
      `  ✗ error  broken_link  Broken internal links: 1 new page, at most 0 pages (2 in all, 0 fixed)\n      → ${changing.url('/missing')} (404), from 1 page:\n          ${changing.url('/about')}`,
    );
    const sarif = JSON.parse(await readFile(file('broken.sarif'), 'utf8')) as {
      runs: Array<{
        results: Array<{ ruleId: string; baselineState?: string }>;
      }>;
    };
    expect(
      sarif.runs[0].results.filter((r) => r.ruleId === 'broken_link'),
    ).toEqual([expect.objectContaining({ baselineState: 'new' })]);
  }, 90_000);

  it('exits 2 with the reason when the audit cannot run, or the assertions cannot be read', async () => {
    const refused = await runCli(
      ['audit-site', clean.url('/'), '--assert', 'seo:recommended'],
      { ...here, TMPDIR: temp, ANALYZER_ALLOW_HOSTS: undefined },
    );
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^The site audit could not start: 422 /);
    const typo = await gate(clean.url('/'), '--assert', 'seo:recomended');
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(
      /^--assert: no preset "seo:recomended" \(presets: seo:recommended, seo:strict\)\n$/,
    );
    const byId = await gate(
      clean.url('/'),
      '--assert',
      'seo:strict',
      '--baseline',
      '4',
    );
    expect(byId.status).toBe(2);
    expect(byId.stderr).toMatch(
      /^--baseline 4 names an audit of a running service/,
    );
  }, 90_000);
});
