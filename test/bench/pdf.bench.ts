import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { outlineTitles } from '../support/pdf-outline.js';
import { installedTrees } from '../support/real-trees.js';
import { createApiKey, startService } from '../support/service-process.js';
import { serveTree } from '../support/static-tree.js';

/**
 * The white-label PDF of a 1,000-page audit of a real documentation tree (Debian's
 * postgresql-doc-15, served from 127.0.0.1), printed by the API of `npm start` on the
 * embedded database once the audit has finished: the time of each print and its size,
 * beside the HTML document it prints (the same document loaded and written, not
 * printed) measured in the same run; then what pdfinfo and pdffonts say of it.
 * Targets (issue 44): under 5 s, under 3 MB.
 *
 *   npm run bench:pdf            (BENCH_PDF_TREE names another tree; BENCH_PDF_PAGES the cap)
 */

const TREE = process.env.BENCH_PDF_TREE ?? 'postgresql-15';
const PAGES = Number(process.env.BENCH_PDF_PAGES ?? 1000);
const PRINTS = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  const [tree] = installedTrees([TREE]);
  if (!tree)
    throw new Error(
      `${TREE} is not installed (apt-get install its -doc package)`,
    );
  const site = await serveTree(tree.root);
  const data = mkdtempSync(join(tmpdir(), 'pdf-bench-'));
  const env = {
    DATA_DIR: data,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  try {
    // The embedded database is one process's at a time: the key first, then the API.
    const key = createApiKey({ DATA_DIR: data }, 'bench pdf');
    const service = await startService('dist/main.js', env);
    try {
      const call = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(`${service.base}/api/v1${path}`, {
          ...init,
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            ...init.headers,
          },
        });
        if (!response.ok) {
          throw new Error(
            `${path}: ${response.status} ${await response.text()}`,
          );
        }
        return response;
      };
      const created = (await (
        await call('/site-audits', {
          method: 'POST',
          body: JSON.stringify({ url: site.url(tree.start), max_pages: PAGES }),
        })
      ).json()) as { data: { id: number } };
      const id = created.data.id;
      let audit: {
        score: number | null;
        status: string;
        finished_at: string | null;
        progress: { pages_crawled: number };
      };
      for (;;) {
        audit = (
          (await (await call(`/site-audits/${id}`)).json()) as {
            data: typeof audit;
          }
        ).data;
        if (audit.finished_at !== null || audit.status === 'failed') break;
        await sleep(500);
      }
      console.log(
        `${tree.name}: audit ${id} ${audit.status}, ${audit.progress.pages_crawled} pages crawled`,
      );

      const timed = async (format: string) => {
        const started = performance.now();
        const body = Buffer.from(
          await (
            await call(`/site-audits/${id}/export/${format}`)
          ).arrayBuffer(),
        );
        return { ms: performance.now() - started, body };
      };
      await timed('pdf'); // the first print also starts the browser
      const html: number[] = [];
      const pdf: number[] = [];
      let last = Buffer.alloc(0);
      for (let i = 0; i < PRINTS; i++) {
        html.push((await timed('html')).ms);
        const printed = await timed('pdf');
        pdf.push(printed.ms);
        last = printed.body;
      }
      const file = join(data, 'audit.pdf');
      writeFileSync(file, last);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .filter(Boolean);
      const pages = /^Pages:\s+(\d+)$/m.exec(info)?.[1];
      const tagged = /^Tagged:\s+(\w+)$/m.exec(info)?.[1];
      const embedded = fonts.every((line) => /\byes\s+yes\s+yes\b/.test(line));
      const text = execFileSync('pdftotext', ['-raw', file, '-'], {
        encoding: 'utf8',
      }).replace(/\s+/g, ' ');
      const issues = (
        (await (await call(`/site-audits/${id}/issues`)).json()) as {
          data: Array<{ title: string; advice: string }>;
        }
      ).data;
      const findingsPart = text.slice(text.indexOf('the most important first'));
      const places = issues
        .slice(0, 5)
        .map((issue) => findingsPart.indexOf(`${issue.title} `));
      const advised = issues
        .slice(0, 5)
        .every((issue) =>
          findingsPart.includes(
            issue.advice.replace(/`/g, '').replace(/\s+/g, ' ').slice(0, 40),
          ),
        );
      const inOrder =
        places.every((place) => place >= 0) &&
        places.every((place, i) => i === 0 || place > places[i - 1]);
      const outline = outlineTitles(await PDFDocument.load(last));
      const sections = [
        'Summary',
        'Findings',
        'Changes since the last audit',
        'Appendix: affected pages',
        'How this audit was made',
      ];
      const everyFinding = issues.every((issue, i) =>
        outline.includes(`${i + 1}. ${issue.title}`),
      );
      console.log(
        `pdfinfo: title "${/^Title:\s+(.*)$/m.exec(info)?.[1]}", author "${/^Author:\s+(.*)$/m.exec(info)?.[1]}"; pdftotext: account named ${text.includes('bench pdf')}, site ${text.includes(site.url(tree.start))}, score ${text.includes(`scores ${audit.score} out of 100`)}, first five findings with their advice ${advised}, in priority order ${inOrder}; outline: ${outline.length} entries, every section ${sections.every((one) => outline.includes(one))}, every finding (${issues.length}) ${everyFinding}`,
      );
      const fmt = (values: number[]) =>
        `min ${Math.min(...values).toFixed(0)} ms, median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;
      console.log(`HTML document (load + write, the floor): ${fmt(html)}`);
      console.log(`PDF (load + write + print): ${fmt(pdf)}`);
      console.log(
        `PDF ${(last.length / 1024 / 1024).toFixed(2)} MB (${last.length} bytes), ${pages} pages, tagged: ${tagged}, ${fonts.length} fonts all embedded: ${embedded}`,
      );
      console.log(
        `targets: print under 5 s: ${median(pdf) < 5000 ? 'yes' : 'NO'}; size under 3 MB: ${last.length < 3 * 1024 * 1024 ? 'yes' : 'NO'}`,
      );
    } finally {
      await service.stop();
    }
  } finally {
    await site.close();
    rmSync(data, { recursive: true, force: true });
  }
}

await main();
