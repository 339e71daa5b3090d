import { installedTrees } from './support/real-trees.js';
import type { RealTree } from './support/real-trees.js';
import { compareWithReference } from './support/real-site-audit.js';
import { referenceCrawl } from './support/reference-crawl.js';
import type { ReferenceCrawl } from './support/reference-crawl.js';
import { startScaledOut } from './support/scaled-out.js';
import type { ScaledOut } from './support/scaled-out.js';
import { affectedBy, allPages, runAudit } from './support/site-audits.js';
import type { ApiClient } from './support/api-client.js';
import { serveTree } from './support/static-tree.js';
import type { StaticTree } from './support/static-tree.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * Site audits of real documentation trees from Debian's packages (python3.11-doc,
 * postgresql-doc-15, python-django-doc; .ci/run installs them), served from
 * 127.0.0.1: on PostgreSQL with an API and 2 worker processes on Redis, as
 * docs/operations.md runs it, and on the embedded default. Each must find every page
 * an independent crawler finds (test/support/reference-crawl.ts, which shares no code
 * with the service), lose none to a failure of the service, and agree with it on
 * broken_link and duplicate_title. A tree that is not installed fails the run under
 * REQUIRE_REAL_SITES (CI sets it) and is skipped otherwise.
 */

const TREES = ['python3.11', 'postgresql-15', 'django'];
const installed = installedTrees(TREES);
const missing = TREES.filter((name) => !installed.some((t) => t.name === name));
const AUDIT_TIMEOUT_MS = 8 * 60_000;

/** The settings of a site audit of a whole tree on a machine without the internet. */
const SETTINGS = {
  // The trees link to the internet, which the test machine has not: refused unasked.
  ANALYZER_ONLY_ALLOW_HOSTS: '1',
  // A page of 2.5 MB is read in well under a second; the machine may be loaded.
  ANALYZER_DEADLINE_MS: '60000',
  SITE_AUDIT_MAX_PAGES: '5000',
  RATE_LIMIT_PER_MINUTE: '100000',
};

interface Served {
  tree: RealTree;
  site: StaticTree;
  reference: ReferenceCrawl;
}

async function auditAndCompare(
  client: ApiClient,
  { tree, site, reference }: Served,
): Promise<void> {
  const audit = await runAudit(
    client,
    { url: site.url(tree.start), max_pages: 5000, max_depth: 1000 },
    AUDIT_TIMEOUT_MS,
  );
  const urls = async (check: string) =>
    (await affectedBy(client, audit.id, check)).map((item) => item.url);
  const pages = await allPages(client, audit.id);
  const comparison = compareWithReference(
    {
      status: audit.status,
      unprocessed: audit.progress.pages_unprocessed,
      pages: pages.map((page) => page.url),
      brokenLink: await urls('broken_link'),
      duplicateTitle: await urls('duplicate_title'),
    },
    reference,
  );
  // The site's own failures, as counted: a page whose request failed (none is expected here).
  const errors = pages.filter((page) => page.error !== null);
  console.log(
    `${tree.name}: ${comparison.lines.join('; ')}; ${errors.length} pages with an error${
      errors.length
        ? ` (${errors
            .slice(0, 5)
            .map((p) => `${p.url}: ${p.error}`)
            .join(', ')})`
        : ''
    }`,
  );
  expect(comparison).toEqual({ same: true, lines: comparison.lines });
}

describe('site audits of real documentation trees', () => {
  const served: Served[] = [];

  beforeAll(async () => {
    for (const tree of installed) {
      const site = await serveTree(tree.root);
      served.push({
        tree,
        site,
        reference: await referenceCrawl(site.url(tree.start)),
      });
    }
  }, 5 * 60_000);
  afterAll(async () => {
    await Promise.all(served.map(({ site }) => site.close()));
  });

  it('has every tree installed', () => {
    if (process.env.REQUIRE_REAL_SITES) {
      expect({ missing }).toEqual({ missing: [] });
    }
  });

  describe('on PostgreSQL with an API and 2 workers on Redis', () => {
    let team: ScaledOut;

    beforeAll(async () => {
      team = await startScaledOut(SETTINGS);
      await team.addWorker();
    }, 120_000);
    afterAll(async () => {
      await team?.close();
    });

    for (const name of TREES) {
      (installed.some((t) => t.name === name) ? it : it.skip)(
        `finds every page of ${name} and the same broken links and duplicate titles`,
        async () => {
          const { key } = await team.api.newAccount();
          await auditAndCompare(
            team.api.as(key),
            served.find((s) => s.tree.name === name)!,
          );
        },
        AUDIT_TIMEOUT_MS + 60_000,
      );
    }
  });

  describe('on the embedded default', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ ...SETTINGS, DATABASE_URL: undefined });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    for (const name of TREES) {
      (installed.some((t) => t.name === name) ? it : it.skip)(
        `finds every page of ${name} and the same broken links and duplicate titles`,
        async () => {
          const { key } = await t.newAccount();
          await auditAndCompare(
            t.as(key),
            served.find((s) => s.tree.name === name)!,
          );
        },
        AUDIT_TIMEOUT_MS + 60_000,
      );
    }
  });
});
