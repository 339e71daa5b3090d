import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import {
  startFixtureSite,
  wellKeptSiteFiles,
} from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { runCli, startService } from './support/service-process.js';
import type { ServiceProcess } from './support/service-process.js';
import { waitUntil } from './support/wait.js';

/**
 * `audit-site`, as a person runs it: the built command line against a small site on
 * loopback, with the service in its own process (a throwaway embedded database in
 * a temporary folder) and against a running service (--api).
 */

/** Text enough for the page checks of length and of the ratio of text to markup. */
const WORDS =
  'Audits of whole sites find what one page cannot show: titles shared by pages, links to pages that are gone, and pages too deep to find. '.repeat(
    14,
  );

/** Headers that pass the page checks of security and caching, so the site checks rank among the top issues. */
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

interface Issue {
  id: string;
  scope: string;
  title: string;
  importance: string;
  pages: number;
  priority: number;
}

/**
 * stderr of a run that went well, not on a terminal: progress lines only (pages done,
 * pages known, elapsed time), at least the first, written at once.
 */
function expectProgressOnly(stderr: string): void {
  const lines = stderr.split('\n').filter((line) => line !== '');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line).toMatch(
      /^Site audit \d+ of \S+: (queued|\d+ of \d+ pages known done), \S+( min \d+)? s elapsed$/,
    );
  }
}

describe('npx report-service audit-site', () => {
  let site: FixtureSite;
  /** TMPDIR of the command lines: what they leave there shows. */
  let temp: string;
  /** A folder nothing else uses, for the service's data. */
  let dataDir: string;
  /** Paths the site was asked for, in order. */
  const requested: string[] = [];
  /** When set, the home page answers only once this resolves. */
  let holdHome: Promise<void> | null = null;

  /** The environment of a self-contained run: the database and Redis the suite uses are not its. */
  const here = (env: Record<string, string | undefined> = {}) => ({
    TMPDIR: temp,
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/not-this-one',
    REDIS_URL: 'redis://127.0.0.1:1',
    REPORT_SERVICE_API: undefined,
    REPORT_SERVICE_KEY: undefined,
    ...env,
  });

  /** What the runs left in TMPDIR, but the schema snapshot they keep on purpose for the next. */
  const leftBehind = async () =>
    (await readdir(temp)).filter((name) => name !== 'report-service-schema');

  /** A page that passes every page check a site on http can pass: what fails it is the site's. */
  function healthy(
    res: ServerResponse,
    path: string,
    title: string,
    links: string,
  ): void {
    const head = [
      '<meta charset="utf-8">',
      `<title>${title}</title>`,
      `<meta name="description" content="${title}: a page of the fixture site that the command line audits end to end.">`,
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<link rel="canonical" href="${site.url(path)}">`,
      '<link rel="icon" href="/favicon.ico">',
      `<meta property="og:title" content="${title}">`,
      `<meta property="og:image" content="${site.url('/favicon.ico')}">`,
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage"}</script>',
    ].join('');
    res.writeHead(200, HEALTHY_HEADERS);
    res.end(
      gzipSync(
        `<!doctype html><html lang="en"><head>${head}</head><body><h1>${title}</h1><p>${WORDS}</p>${links}</body></html>`,
      ),
    );
  }

  beforeAll(async () => {
    // Home links to two pages of one title and to one that is gone.
    site = await startFixtureSite({
      '/': async (req, res) => {
        requested.push(req.url ?? '');
        if (holdHome) await holdHome;
        healthy(
          res,
          '/',
          'Home of the fixture site',
          '<a href="/about">About us</a> <a href="/pricing">Our pricing</a> <a href="/gone">Old offers</a>',
        );
      },
      '/about': (_req, res) =>
        healthy(res, '/about', 'Same title', '<a href="/">Home page</a>'),
      '/pricing': (_req, res) =>
        healthy(res, '/pricing', 'Same title', '<a href="/">Home page</a>'),
      ...wellKeptSiteFiles(
        (path) => site.url(path),
        ['/', '/about', '/pricing'],
      ),
    });
    temp = await mkdtemp(join(tmpdir(), 'report-service-audit-site-test-'));
    dataDir = await mkdtemp(join(tmpdir(), 'report-service-audit-site-data-'));
  });
  afterAll(async () => {
    await site?.close();
    await rm(temp, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('audits the site in its own process, prints the summary and the top issues with their pages, and leaves nothing behind', async () => {
    const run = await runCli(['audit-site', site.url('/')], here());
    expect(run.status).toBe(0);
    expectProgressOnly(run.stderr);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(`Site audit of ${site.url('/')}  (id 1)`);
    expect(lines[1]).toMatch(/^Score \d{1,3}\/100, (good|decent|bad)$/);
    expect(lines[2]).toMatch(
      /^completed, stopped: nothing left in scope; 4 pages crawled in \d+(\.\d)? s$/,
    );
    expect(run.stdout).toMatch(
      /\n {2}✗ duplicate_title +Duplicate title \[medium, site check\]: 2 pages\n/,
    );
    // Each issue shown says how to fix it, then lists its pages under it.
    const duplicate = lines.findIndex((line) =>
      line.includes('duplicate_title'),
    );
    expect(lines[duplicate + 1]).toMatch(/^ {6}Fix: Give each page a title/);
    expect(lines.slice(duplicate + 2, duplicate + 4)).toEqual([
      `      ${site.url('/about')}`,
      `      ${site.url('/pricing')}`,
    ]);
    const broken = lines.findIndex((line) => line.includes(' broken_link '));
    expect(lines[broken]).toMatch(/\[high, site check\]: 1 page$/);
    expect(lines[broken + 1]).toMatch(/^ {6}Fix: /);
    expect(lines[broken + 2]).toBe(`      ${site.url('/')}`);
    // Highest priority first: the broken link before the duplicate titles.
    expect(broken).toBeLessThan(duplicate);
    // The throwaway database went with the process; its empty, migrated schema stays, one file.
    expect(await leftBehind()).toEqual([]);
    expect(await readdir(join(temp, 'report-service-schema'))).toHaveLength(1);
  }, 90_000);

  it('prints the audit and all its issues alone as JSON with --json, within --max-pages', async () => {
    const run = await runCli(
      ['audit-site', site.url('/'), '--json', '--max-pages', '2'],
      here(),
    );
    expect(run.status).toBe(0);
    expectProgressOnly(run.stderr);
    const { audit, issues } = JSON.parse(run.stdout) as {
      audit: Record<string, unknown>;
      issues: Issue[];
    };
    expect(audit).toMatchObject({
      url: site.url('/'),
      status: 'completed',
      stop_reason: 'max_pages',
      progress: { pages_crawled: 2 },
      score: expect.any(Number),
      finished_at: expect.any(String),
    });
    expect(issues.length).toBe(Object.keys(audit.issues as object).length);
    expect(issues.map((issue) => issue.priority)).toEqual(
      [...issues.map((issue) => issue.priority)].sort((a, b) => b - a),
    );
    expect(await leftBehind()).toEqual([]);
  }, 90_000);

  it('exits 2 with the reason on stderr when the address policy refuses the site', async () => {
    const run = await runCli(
      ['audit-site', site.url('/')],
      here({ ANALYZER_ALLOW_HOSTS: undefined }),
    );
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^The site audit could not start: 422 .*add 127\.0\.0\.1 to ANALYZER_ALLOW_HOSTS/,
    );
    expect(await leftBehind()).toEqual([]);
  }, 90_000);

  it('cancels the audit on Ctrl-C, exits 130 and still removes its database', async () => {
    let release!: () => void;
    holdHome = new Promise((resolve) => (release = resolve));
    const asked = requested.length;
    const child = spawn(
      process.execPath,
      ['dist/cli/main.js', 'audit-site', site.url('/')],
      { env: { ...process.env, ...definedOnly(here()) } },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    try {
      // The crawl has asked for the start page: the audit is running.
      while (requested.length === asked) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      child.kill('SIGINT');
      release();
      expect(await exited).toBe(130);
    } finally {
      release();
      holdHome = null;
    }
    expect(stderr).toMatch(/Interrupted: site audit 1 was cancelled\./);
    expect(await leftBehind()).toEqual([]);
  }, 90_000);

  describe('with --api, on a running service', () => {
    let service: ServiceProcess;
    let key: string;

    beforeAll(async () => {
      service = await startService('dist/main.js', {
        DATABASE_URL: undefined,
        REDIS_URL: undefined,
        DATA_DIR: dataDir,
        ANALYZER_ALLOW_HOSTS: '127.0.0.1',
      });
      // The key is printed after the line the start waits for, and may come in a later chunk.
      const output = await waitUntil(
        () => Promise.resolve(service.output()),
        (text) => /^ {4}rk_[A-Za-z0-9_-]{20,}$/m.test(text),
        10_000,
      );
      key = /^ {4}(rk_[A-Za-z0-9_-]{20,})$/m.exec(output)![1];
    }, 90_000);
    afterAll(async () => {
      await service?.stop();
    });

    it('makes the audit there, waits for it and prints it; the audit stays in the service', async () => {
      const run = await runCli(
        [
          'audit-site',
          site.url('/'),
          '--api',
          service.base!,
          '--key',
          key,
          '--json',
        ],
        { DATABASE_URL: undefined, TMPDIR: temp },
      );
      expectProgressOnly(run.stderr);
      expect(run.status).toBe(0);
      const { audit, issues } = JSON.parse(run.stdout) as {
        audit: { id: number; status: string };
        issues: Issue[];
      };
      expect(audit.status).toBe('completed');
      expect(issues.map((issue) => issue.id)).toEqual(
        expect.arrayContaining(['duplicate_title', 'broken_link']),
      );
      const kept = await fetch(
        `${service.base}/api/v1/site-audits/${audit.id}`,
        { headers: { authorization: `Bearer ${key}` } },
      );
      expect(kept.status).toBe(200);
      expect(((await kept.json()) as { data: unknown }).data).toEqual(audit);
    }, 60_000);

    it('takes the service and the key from REPORT_SERVICE_API and REPORT_SERVICE_KEY', async () => {
      const run = await runCli(['audit-site', site.url('/')], {
        REPORT_SERVICE_API: `${service.base}/api/v1`,
        REPORT_SERVICE_KEY: key,
      });
      expectProgressOnly(run.stderr);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(
        new RegExp(`^Site audit of ${site.url('/')} {2}\\(id \\d+\\)\\n`),
      );
      expect(run.stdout).toContain('duplicate_title');
    }, 60_000);

    it('exits 2 with the service’s answer when the key is not one of its keys', async () => {
      const run = await runCli(
        ['audit-site', site.url('/'), '--api', service.base!, '--key', 'rk_no'],
        {},
      );
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        'The site audit could not start: 401 Unauthorized: The API key is not valid.\n',
      );
    });
  });
});

/** The environment with the variables set to undefined left out. */
function definedOnly(
  env: Record<string, string | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}
