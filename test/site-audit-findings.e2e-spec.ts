import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installedTrees } from './support/real-trees.js';
import { runAudit } from './support/site-audits.js';
import type { AuditBody } from './support/site-audits.js';
import { serveTree } from './support/static-tree.js';
import type { StaticTree } from './support/static-tree.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * The findings of an audit of a real documentation tree (python3.11-doc), served over
 * plain HTTP without compression, with one page taken away (glossary.html, which
 * hundreds of pages link to): the host's facts once, the template's once, the broken
 * link and the duplicate titles first. Skipped when the tree is not installed.
 */

const [tree] = installedTrees(['python3.11']);
const MISSING = 'glossary.html';

interface Finding {
  id: string;
  scope: 'host' | 'template' | 'site' | 'page';
  importance: 'high' | 'medium' | 'low';
  priority: number;
  pages: number;
  advice: string;
  examples: string[];
}

(tree ? describe : describe.skip)(
  'findings of a real documentation tree',
  () => {
    let t: TestApp;
    let site: StaticTree;
    let folder: string;
    let key: string;
    let audit: AuditBody;
    let findings: Finding[];

    beforeAll(async () => {
      // The tree as it is but for one page: links to it are broken links.
      folder = mkdtempSync(join(tmpdir(), 'findings-tree-'));
      for (const entry of readdirSync(tree.root)) {
        if (entry !== MISSING)
          symlinkSync(join(tree.root, entry), join(folder, entry));
      }
      site = await serveTree(folder);
      t = await startTestApp({
        ANALYZER_ONLY_ALLOW_HOSTS: '1',
        ANALYZER_DEADLINE_MS: '60000',
        RATE_LIMIT_PER_MINUTE: '100000',
      });
      ({ key } = await t.newAccount());
      audit = await runAudit(
        t.as(key),
        { url: site.url(tree.start), max_pages: 150 },
        5 * 60_000,
      );
      findings = (
        await t
          .as(key)
          .get(`/api/v1/site-audits/${audit.id}/issues`)
          .expect(200)
      ).body.data as Finding[];
    }, 6 * 60_000);
    afterAll(async () => {
      await t?.close();
      await site?.close();
      if (folder) rmSync(folder, { recursive: true, force: true });
    });

    const find = (id: string) => findings.find((finding) => finding.id === id);

    it('reports HTTPS, compression and each missing security header once, as the host’s', () => {
      for (const id of [
        'https',
        'text_compression',
        'content_security_policy',
        'content_type_options',
        'frame_protection',
        'referrer_policy',
      ]) {
        expect(findings.filter((finding) => finding.id === id)).toEqual([
          expect.objectContaining({
            scope: 'host',
            advice: expect.any(String),
          }),
        ]);
      }
    });

    it('reports a verdict of the template once, with its page count and examples', () => {
      const template = findings.filter(
        (finding) => finding.scope === 'template',
      );
      expect(template.length).toBeGreaterThan(0);
      const inlineCss = find('inline_css');
      expect(inlineCss).toMatchObject({ scope: 'template' });
      expect(inlineCss!.pages).toBeGreaterThanOrEqual(0.9 * 150 - 10);
      expect(inlineCss!.examples.length).toBeGreaterThan(0);
    });

    it('ranks the broken links and duplicate titles above every low-importance, host or template finding', () => {
      expect(findings.map((f) => f.priority)).toEqual(
        findings.map((f) => f.priority).sort((a, b) => b - a),
      );
      const rank = (id: string) => findings.findIndex((f) => f.id === id);
      expect(rank('broken_link')).toBeGreaterThanOrEqual(0);
      expect(rank('duplicate_title')).toBeGreaterThanOrEqual(0);
      for (const real of ['broken_link', 'duplicate_title']) {
        for (const finding of findings) {
          if (
            finding.importance === 'low' ||
            finding.scope === 'host' ||
            finding.scope === 'template'
          ) {
            expect({
              real,
              below: finding.id,
              ranks: rank(real) < rank(finding.id),
            }).toEqual({ real, below: finding.id, ranks: true });
          }
        }
      }
    });

    it('answers 422 to a filter by a check id that names none, with the nearest and every id', async () => {
      const res = await t
        .as(key)
        .get(`/api/v1/site-audits/${audit.id}/pages?issue=brokn_link`)
        .expect(422);
      const [message] = (res.body as { errors: { issue: string[] } }).errors
        .issue;
      expect(message).toMatch(/Did you mean "broken_link"\?/);
      expect(message).toContain('broken_links');
      expect(message).toContain('duplicate_title');
      await t
        .as(key)
        .get(`/api/v1/site-audits/${audit.id}/pages?issue=broken_link`)
        .expect(200);
    });

    it('names the missing page of the broken links once, with every page linking to it, in the API and on the share page', async () => {
      const gone = site.url(`/${MISSING}`);
      const targets = (
        await t
          .as(key)
          .get(`/api/v1/site-audits/${audit.id}/issues/broken_link/targets`)
          .expect(200)
      ).body.data as Array<{
        url: string;
        status_code: number;
        sources: string[];
      }>;
      const target = targets.find((one) => one.url === gone);
      expect(target).toMatchObject({ status_code: 404 });
      expect(target!.sources.length).toBeGreaterThan(1);
      expect(new Set(target!.sources).size).toBe(target!.sources.length);
      // Paged as the other lists: the targets counted, a page past the last empty.
      const past = await t
        .as(key)
        .get(
          `/api/v1/site-audits/${audit.id}/issues/broken_link/targets?per_page=10&page=2`,
        )
        .expect(200);
      expect(past.body.meta).toMatchObject({
        total: targets.length,
        per_page: 10,
        last_page: 1,
        total_is_exact: true,
      });
      expect(past.body.data).toEqual([]);
      await t
        .as(key)
        .get(`/api/v1/site-audits/${audit.id}/issues/title/targets`)
        .expect(422);
      const shared = (
        await t
          .as(key)
          .put(`/api/v1/site-audits/${audit.id}`)
          .send({ privacy: 0 })
          .expect(200)
      ).body.data as { share_url: string };
      const path = new URL(shared.share_url).pathname;
      const page = (
        await t.anonymous().get(`${path}/issues/broken_link`).expect(200)
      ).text;
      expect(page).toContain('<h2>By target</h2>');
      expect(page).toContain(`<code class="wrap">${gone}</code>`);
      expect(page).toContain(`pointed at by ${target!.sources.length} pages`);
      expect(page).toContain('class="advice"');
      // The missing page once, with every page pointing at it, each once.
      expect(page.split(`<code class="wrap">${gone}</code>`)).toHaveLength(2);
      for (const source of target!.sources) {
        expect(page.split(`<li class="wrap">${source}</li>`).length - 1).toBe(
          1,
        );
      }
    });
  },
);
