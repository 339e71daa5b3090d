import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startService } from './support/service-process.js';
import type { ServiceProcess } from './support/service-process.js';
import { sh } from './support/shell.js';
import { waitUntil } from './support/wait.js';

/**
 * The README's examples, then those of the pages it sends a newcomer to first
 * (docs/using-the-api.md, docs/webhooks.md, docs/site-audits.md), run in order as a
 * reader runs them: every
 * ```sh block in bash, against one fresh service on the embedded database, each block
 * keeping the variables the ones before it set (KEY, API, ID, …).
 *
 * What a reader's machine has that this one must not reach is stood in for, and only
 * that (the substitutions below):
 * - the public sites of the examples (https://example.com/…, the webhook receiver at
 *   https://hooks.example.com/…) are a fixture site on 127.0.0.2, a loopback address;
 *   the service starts with ANALYZER_ALLOW_HOSTS=127.0.0.2 so that it reaches it as it
 *   would reach a public site, and the blocks get the same setting for the CLI;
 * - "your site on port 8080" is a fixture site on 127.0.0.1, refused until the README
 *   restarts the service with ANALYZER_ALLOW_HOSTS=127.0.0.1;
 * - http://localhost:3000 is the fresh service's address (a free port), `KEY=rk_…` the
 *   key its first start printed, and ./data a temporary folder (DATA_DIR).
 *
 * Blocks that start the service are performed by the test, and `npm test` is not run
 * (START_BLOCKS, SKIPPED). Each curl reports its status on stderr (a --write-out the
 * test adds): every one must answer 2xx, but for the refusals the README shows.
 */

const FILES = [
  'README.md',
  'docs/using-the-api.md',
  'docs/webhooks.md',
  'docs/site-audits.md',
];

interface Block {
  file: string;
  index: number;
  text: string;
}

function shellBlocks(): Block[] {
  return FILES.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^```sh\n([^]*?)^```$/gm)].map(
      (match, index) => ({ file, index: index + 1, text: match[1] }),
    ),
  );
}

/** Blocks that start the service: the test starts it as they say, instead of npm. */
const START_BLOCKS: Array<{ matches: RegExp; why: string }> = [
  {
    matches: /^npm ci\nnpm start\n$/,
    why: 'npm ci is the install the suite runs on; the test starts dist/main.js, fresh, as npm start runs it after its build (which the suite has made)',
  },
  {
    matches: /^ANALYZER_ALLOW_HOSTS=(\S+) npm start\n$/,
    why: 'the test stops the service and starts dist/main.js again with that ANALYZER_ALLOW_HOSTS (plus the stand-in for the public sites), on the same port and data',
  },
];

/** Blocks not run at all, and why. */
const SKIPPED: Array<{ matches: RegExp; why: string }> = [
  {
    matches: /^npm test\n$/,
    why: 'it is the run this test is part of',
  },
];

/** A block that audits one page, public: its answer's share_url must open. */
const AUDIT = /^curl -s -X POST \$API\/reports .*\\\n.*-d privacy=0\n$/m;

/** A block that reads a site audit's issues: the stand-in's broken link must be among them. */
const SITE_AUDIT_ISSUES = /^curl -s \$API\/site-audits\/\$AUDIT\/issues /m;

/** A block that sets or reads the README's branding: the answer is the one it set. */
const BRANDING = /^curl -s (?:-X PUT )?\$API\/account\/branding /m;

/** Where the reader's answers are refusals, as the README shows them. */
function expectedRefusals(block: Block, restarted: boolean): number[] {
  return block.text.includes('http://127.0.0.1:8080/') && !restarted
    ? [422]
    : [];
}

describe('the examples of the README and of the pages it leads to first', () => {
  const blocks = shellBlocks();
  const ran: string[] = [];
  let standIn: FixtureSite;
  let localSite: FixtureSite;
  let service: ServiceProcess | undefined;
  let dataDir: string;
  let state: string;
  let key: string;
  let port: string;
  let restarted = false;
  /** The names blocks assigned so far, carried to the next block. */
  const carried = new Set<string>();

  const page = (title: string, links = '') =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta name="description" content="${title}: a page the examples audit."><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>${title}</h1><p>${'Plans, prices and what each includes. '.repeat(20)}</p>${links}</body></html>`;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'report-service-readme-'));
    state = join(dataDir, 'shell-state.sh');
    await writeFile(state, '');
    standIn = await startFixtureSite(
      {
        // A site of a few linked pages for the site audits' examples, one link of
        // which is broken (/team), so that they have something to find.
        '/': (_req, res) =>
          html(
            res,
            page(
              'Example',
              '<a href="/pricing">Pricing</a> <a href="/about">About us</a>',
            ),
          ),
        '/pricing': (_req, res) =>
          html(res, page('Pricing', '<a href="/">Home</a>')),
        '/about': (_req, res) =>
          html(
            res,
            page(
              'About us',
              '<a href="/">Home</a> <a href="/team">The team</a>',
            ),
          ),
        // The audit docs/site-audits.md cancels: its start page is slow to answer, as a
        // large site's crawl is long, so the cancel finds it under way.
        '/shop/': async (_req, res) => {
          await new Promise((resolve) => setTimeout(resolve, 3_000));
          html(res, page('Shop'));
        },
        // The webhook receiver of docs/webhooks.md.
        '/reports': (_req, res) => {
          res.writeHead(204);
          res.end();
        },
      },
      { host: '127.0.0.2' },
    );
    localSite = await startFixtureSite({
      '/': (_req, res) => html(res, page('My site')),
    });
  });
  afterAll(async () => {
    await service?.stop();
    await standIn?.close();
    await localSite?.close();
    await rm(dataDir, { recursive: true, force: true });
    console.log(
      `README examples, in order:\n${ran.map((line) => `  ${line}`).join('\n')}`,
    );
  });

  /** dist/main.js on the test's data, allowing the stand-in for the public sites. */
  async function start(allowHosts: string[], onPort: string): Promise<void> {
    service = await startService('dist/main.js', {
      DATABASE_URL: undefined,
      DATA_DIR: join(dataDir, 'data'),
      PORT: onPort,
      ANALYZER_ALLOW_HOSTS: [...allowHosts, '127.0.0.2'].join(','),
    });
    port = new URL(service.base!).port;
  }

  /** The block as the reader's machine would run it, with the stand-ins put in. */
  function substituted(text: string): string {
    return (
      text
        .replaceAll('http://localhost:3000', service!.base!)
        .replaceAll('https://hooks.example.com', standIn.origin)
        .replaceAll('https://example.com', standIn.origin)
        .replaceAll('http://127.0.0.1:8080', localSite.origin)
        .replace(/^KEY=rk_….*$/m, `KEY=${key}`)
        // A file a block writes (a PDF) lands in the test's folder, not the checkout.
        .replace(/ -o ([\w.-]+)$/gm, ` -o ${dataDir}/$1`)
    );
  }

  async function run(block: Block) {
    for (const name of block.text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm))
      carried.add(name[1]);
    const script = [
      'set -eu',
      // Each curl's status, on stderr, for the test to read.
      'curl() { command curl --write-out \'%{stderr}HTTP %{http_code}\\n\' "$@"; }',
      `source ${state}`,
      substituted(block.text),
      `declare -p ${[...carried].join(' ')} > ${state} 2>/dev/null || true`,
    ].join('\n');
    const result = await sh(script, {
      DATA_DIR: join(dataDir, 'data'),
      ANALYZER_ALLOW_HOSTS: '127.0.0.2',
    });
    const statuses = [...result.stderr.matchAll(/^HTTP (\d{3})$/gm)].map(
      (match) => Number(match[1]),
    );
    return { ...result, statuses };
  }

  it('has blocks to run', () => {
    expect(blocks.length).toBeGreaterThan(10);
    expect(blocks[0].text).toMatch(START_BLOCKS[0].matches);
  });

  for (const block of blocks) {
    const title = `${block.file}, block ${block.index}: ${block.text.split('\n')[0]}`;
    it(
      title,
      async () => {
        const starts = START_BLOCKS.find((s) => s.matches.test(block.text));
        if (starts) {
          const allow = starts.matches.exec(block.text)![1];
          if (!service) {
            await start([], '0');
            const output = await waitUntil(
              () => Promise.resolve(service!.output()),
              (text) => /^ {4}rk_[A-Za-z0-9_-]{20,}$/m.test(text),
              10_000,
            );
            key = /^ {4}(rk_[A-Za-z0-9_-]{20,})$/m.exec(output)![1];
          } else {
            await service.stop();
            await start(allow.split(','), port);
            restarted = true;
          }
          ran.push(`${title}: performed by the test (${starts.why})`);
          return;
        }
        const skipped = SKIPPED.find((s) => s.matches.test(block.text));
        if (skipped) {
          ran.push(`${title}: skipped (${skipped.why})`);
          return;
        }
        expect(service).toBeDefined();

        const result = await run(block);
        ran.push(
          `${title}: ran, answers ${result.statuses.join(' ') || 'none'}`,
        );
        expect({ status: result.status, stderr: result.stderr }).toMatchObject({
          status: 0,
        });
        const refusals = expectedRefusals(block, restarted);
        expect(result.statuses.filter((s) => s >= 300)).toEqual(refusals);

        if (refusals.length > 0) {
          // The refusal says how to lift it, as the README shows.
          expect(JSON.parse(result.stdout)).toMatchObject({
            status: 422,
            errors: {
              url: [
                expect.stringContaining(
                  'To allow it, add 127.0.0.1 to ANALYZER_ALLOW_HOSTS',
                ),
              ],
            },
          });
        } else if (SITE_AUDIT_ISSUES.test(block.text)) {
          // The audit was judged, and found what the stand-in site holds.
          expect(result.stdout).toContain('"id":"broken_link","scope":"site"');
        } else if (BRANDING.test(block.text)) {
          // The agency's branding, printed as set, its logo cleaned and kept.
          const branding = (
            JSON.parse(result.stdout) as {
              data: { logo: string; resolved: object };
            }
          ).data;
          expect(branding).toMatchObject({
            name: 'Acme SEO',
            accent_color: '#0a7',
            resolved: { name: 'Acme SEO', show_product_name: false },
          });
          const [, logo] = /^data:image\/svg\+xml;base64,(.+)$/.exec(
            branding.logo,
          )!;
          expect(Buffer.from(logo, 'base64').toString()).toContain(
            '<circle cx="20" cy="20" r="18" fill="#0a7"/>',
          );
        } else if (AUDIT.test(block.text)) {
          // A first audit: completed, and its share_url opens.
          const report = (
            JSON.parse(result.stdout) as {
              data: { status: string; share_url: string };
            }
          ).data;
          expect(report.status).toBe('completed');
          const shared = await fetch(report.share_url);
          expect(shared.status).toBe(200);
          expect(shared.headers.get('content-type')).toMatch(/^text\/html/);
        }
      },
      120_000,
    );
  }

  it('leaves the variables of the examples set', async () => {
    const kept = await readFile(state, 'utf8');
    expect(kept).toContain('declare -- KEY=');
  });
});
