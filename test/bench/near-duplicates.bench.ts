import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { parsePage } from '../../src/analysis/parse.js';
import {
  nearDuplicate,
  nearDuplicateClusters,
} from '../../src/analysis/site/near-duplicates.js';
import type { SitePage } from '../../src/analysis/site/site-crawl.js';
import { crawlFacts } from '../../src/analysis/site/site-facts.js';
import {
  estimatedSimilarity,
  mainTextOf,
  minhashMinima,
  SHINGLE_WORDS,
  textMinhash,
} from '../../src/analysis/site/text-minhash.js';
import {
  paragraph,
  paragraphs,
  seededRandom,
  sentence,
} from '../support/prose.js';
import { htmlPage } from '../support/site-crawl-fixture.js';

/**
 * near_duplicate on a generated site of 10,000 pages of distinct prose (300 to 1,500
 * words, a vocabulary of some 10,000 words) under one template (banner, menu, a sidebar
 * of two kinds, footer), with 50 planted near-copies of 50 of its pages: a one-sentence
 * paragraph rewritten, the date changed, the sidebar changed, or date and sidebar.
 * Runs the pure functions as a crawl and a judgement do, without a crawl: each page
 * parsed (untimed), its signature taken (mainTextOf + textMinhash, timed), then the
 * check run over the first 1,000, 2,000, 5,000 and 10,000 pages (timed, median of 3).
 * Asserts that every planted pair is one cluster of two and that no other pair is
 * reported. Run with `npm run bench:near-duplicates`.
 */

const PAGES = 10_000;
const PLANTED = 50;
const SIZES = [1_000, 2_000, 5_000, 10_000];
const ROUNDS = 3;
const BRUTE_FORCE_PAGES = 2_000;
const KINDS = ['paragraph', 'date', 'sidebar', 'date+sidebar'] as const;
type Kind = (typeof KINDS)[number];

const random = seededRandom(46_2026);
const MENU = Array.from(
  { length: 30 },
  (_, i) => `<a href="/section/${i}">${sentence(random).slice(0, 24)}</a>`,
).join(' ');
const SIDEBARS = [
  paragraphs(random, 4).join(' '),
  paragraphs(random, 4).join(' '),
];

interface Article {
  date: string;
  paragraphs: string[];
  sidebar: number;
}

function render(article: Article): string {
  return (
    `<!doctype html><html lang="en"><head><title>${article.paragraphs[0].slice(0, 40)}</title></head><body>` +
    `<header>The Generated Gazette</header><nav>${MENU}</nav>` +
    `<article><p>Published on ${article.date}.</p>${article.paragraphs.map((p) => `<p>${p}</p>`).join('')}</article>` +
    `<aside>${SIDEBARS[article.sidebar]}</aside><footer>© The Generated Gazette</footer></body></html>`
  );
}

const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );
const dateOf = (r: () => number) =>
  `${1 + Math.floor(r() * 28)} ${MONTHS[Math.floor(r() * 12)]} ${2018 + Math.floor(r() * 9)}`;

/**
 * 6 to 30 paragraphs, a one-sentence note among them (what a planted copy rewrites); a
 * page that gets a copy has 16 or more, so that a sentence rewritten keeps it 0.9 alike
 * (on a page of 300 words, one sentence is 5% of the text, and 10% of its shingles).
 */
function originalArticle(copied: boolean): Article {
  const count = copied
    ? 16 + Math.floor(random() * 15)
    : 6 + Math.floor(random() * 25);
  const text = paragraphs(random, count);
  text[Math.floor(count / 2)] = paragraph(random, 1);
  return {
    date: dateOf(random),
    paragraphs: text,
    sidebar: Math.floor(random() * 2),
  };
}

function copyOf(original: Article, kind: Kind): Article {
  const copy = { ...original, paragraphs: [...original.paragraphs] };
  if (kind === 'paragraph') {
    copy.paragraphs[Math.floor(copy.paragraphs.length / 2)] = paragraph(
      random,
      1,
    );
  }
  if (kind === 'date' || kind === 'date+sidebar') {
    let date = dateOf(random);
    while (date === original.date) date = dateOf(random);
    copy.date = date;
  }
  if (kind === 'sidebar' || kind === 'date+sidebar')
    copy.sidebar = 1 - original.sidebar;
  return copy;
}

/** The exact Jaccard similarity of two texts' shingle sets, as the signature estimates it. */
function exactJaccard(a: string, b: string): number {
  const shingles = (text: string) => {
    const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const set = new Set<string>();
    for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) {
      set.add(words.slice(i, i + SHINGLE_WORDS).join(' '));
    }
    return set;
  };
  const [x, y] = [shingles(a), shingles(b)];
  let both = 0;
  for (const s of x) if (y.has(s)) both++;
  return both / (x.size + y.size - both);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function main(): void {
  const started = Date.now();
  // Each copy right after a page spread over the site, so every size holds some.
  const planted: Array<{ original: number; kind: Kind }> = [];
  for (let i = 0; i < PLANTED; i++) {
    const original = Math.floor(((i + 0.5) * (PAGES - PLANTED)) / PLANTED);
    planted.push({ original, kind: KINDS[i % KINDS.length] });
  }
  const copied = new Set(planted.map((p) => p.original));
  const articles: Article[] = Array.from({ length: PAGES - PLANTED }, (_, i) =>
    originalArticle(copied.has(i)),
  );
  const order: Array<{ article: Article; copyOf: number | null; kind?: Kind }> =
    [];
  const plantedAt = new Map(planted.map((p) => [p.original, p.kind]));
  articles.forEach((article, index) => {
    order.push({ article, copyOf: null });
    const kind = plantedAt.get(index);
    if (kind)
      order.push({ article: copyOf(article, kind), copyOf: index, kind });
  });
  const idOfArticle = new Map<number, number>();

  const pages: SitePage[] = [];
  const mainTexts: string[] = [];
  const signatureMs: number[] = [];
  let parseMs = 0;
  let words = 0;
  order.forEach(({ article, copyOf: source }, index) => {
    const id = index + 1;
    if (source === null) idOfArticle.set(articles.indexOf(article), id);
    const html = render(article);
    const parseStart = process.hrtime.bigint();
    const parsed = parsePage(html, `https://example.com/page/${id}`);
    const start = process.hrtime.bigint();
    parseMs += Number(start - parseStart) / 1e6;
    const main = mainTextOf(parsed);
    const minhash = textMinhash(main);
    signatureMs.push(Number(process.hrtime.bigint() - start) / 1e6);
    words += parsed.wordCount;
    mainTexts.push(main);
    pages.push(
      htmlPage(id, `/page/${id}`, {
        words: parsed.wordCount,
        textDigest: createHash('sha256')
          .update(parsed.visibleText.toLowerCase())
          .digest('base64url'),
        minhash,
      }),
    );
  });
  console.log(
    `near_duplicate bench, ${new Date().toISOString()}, Node ${process.version}, load ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `site: ${pages.length} pages, ${Math.round(words / pages.length)} words a page on average (body), ${PLANTED} planted near-copies; generated and parsed in ${((Date.now() - started) / 1000).toFixed(1)} s (parsing alone ${(parseMs / pages.length).toFixed(2)} ms a page)`,
  );

  // Truth: each planted copy and its original, by page id.
  const truth = new Map<string, Kind>();
  const similarities: Record<Kind, number[]> = {
    paragraph: [],
    date: [],
    sidebar: [],
    'date+sidebar': [],
  };
  order.forEach(({ copyOf: source, kind }, index) => {
    if (source === null || kind === undefined) return;
    const originalId = idOfArticle.get(source)!;
    truth.set(`${originalId}-${index + 1}`, kind);
    similarities[kind].push(
      exactJaccard(mainTexts[originalId - 1], mainTexts[index]),
    );
  });
  console.log(
    "planted pairs, exact Jaccard of their main texts' 3-word shingles:",
  );
  for (const kind of KINDS) {
    const s = similarities[kind];
    console.log(
      `  ${kind.padEnd(13)} ${s.length} pairs, min ${Math.min(...s).toFixed(3)}, mean ${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(3)}`,
    );
  }

  // All pairs of the first 2,000 pages, by brute force (what LSH spares): how alike
  // unrelated pages are.
  {
    const minima = pages
      .slice(0, BRUTE_FORCE_PAGES)
      .map((page) => minhashMinima(page.minhash!)!);
    let max = 0;
    let pairs = 0;
    const start = Date.now();
    for (let i = 0; i < minima.length; i++) {
      for (let j = i + 1; j < minima.length; j++) {
        if (truth.has(`${i + 1}-${j + 1}`)) continue;
        pairs++;
        max = Math.max(max, estimatedSimilarity(minima[i], minima[j]));
      }
    }
    console.log(
      `all ${pairs} unplanted pairs of the first ${BRUTE_FORCE_PAGES} pages compared by brute force in ${Date.now() - start} ms: highest estimated similarity ${max.toFixed(3)}`,
    );
  }

  // A first, untimed judgement: the timed ones find the code compiled.
  nearDuplicate.run(
    crawlFacts({
      pages: pages.slice(0, SIZES[0]),
      links: [],
      inScope: () => true,
    }),
  );
  const rows: string[] = [];
  const perPage: Record<number, { signature: number; clustering: number }> = {};
  let findings: ReturnType<typeof nearDuplicate.run> = [];
  for (const size of SIZES) {
    const subset = pages.slice(0, size);
    const signature = signatureMs.slice(0, size).reduce((a, b) => a + b, 0);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const start = process.hrtime.bigint();
      const facts = crawlFacts({
        pages: subset,
        links: [],
        inScope: () => true,
      });
      findings = nearDuplicate.run(facts);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const clustering = median(times);
    perPage[size] = {
      signature: signature / size,
      clustering: clustering / size,
    };
    rows.push(
      `  ${String(size).padStart(6)} pages: signatures ${signature.toFixed(0).padStart(6)} ms (${(signature / size).toFixed(3)} ms a page), judgement ${clustering.toFixed(1).padStart(7)} ms (${((clustering / size) * 1000).toFixed(1)} µs a page), ${findings.length} findings`,
    );
  }
  console.log(
    'near-duplicate time, same run (judgement: crawlFacts + near_duplicate, median of 3):',
  );
  for (const row of rows) console.log(row);
  const first = perPage[SIZES[0]];
  const last = perPage[SIZES[SIZES.length - 1]];
  console.log(
    `growth, time a page at ${SIZES[SIZES.length - 1]} / at ${SIZES[0]}: signatures ${(last.signature / first.signature).toFixed(2)}, judgement ${(last.clustering / first.clustering).toFixed(2)}, both ${((last.signature + last.clustering) / (first.signature + first.clustering)).toFixed(2)}`,
  );

  // The check over all 10,000 pages: exactly the planted pairs.
  const clusters = nearDuplicateClusters(
    crawlFacts({ pages, links: [], inScope: () => true }),
  );
  const found = new Set(
    clusters
      .filter((c) => c.pages.length === 2)
      .map((c) => `${c.pages[0].id}-${c.pages[1].id}`),
  );
  const missed = [...truth.keys()].filter((pair) => !found.has(pair));
  const extra = clusters.filter(
    (c) =>
      c.pages.length !== 2 || !truth.has(`${c.pages[0].id}-${c.pages[1].id}`),
  );
  const byKind = KINDS.map((kind) => {
    const pairs = [...truth].filter(([, k]) => k === kind);
    return `${kind} ${pairs.filter(([pair]) => found.has(pair)).length}/${pairs.length}`;
  }).join(', ');
  const estimated = clusters.map((c) => c.similarities[1]);
  const errors = [...truth.keys()].map((pair) => {
    const [a, b] = pair.split('-').map(Number);
    const estimate = estimatedSimilarity(
      minhashMinima(pages[a - 1].minhash!)!,
      minhashMinima(pages[b - 1].minhash!)!,
    );
    return Math.abs(
      estimate - exactJaccard(mainTexts[a - 1], mainTexts[b - 1]),
    );
  });
  console.log(
    `estimate error on the planted pairs: mean ${(errors.reduce((a, b) => a + b, 0) / errors.length).toFixed(3)}, max ${Math.max(...errors).toFixed(3)} (standard error at 0.95: 0.019)`,
  );
  console.log(
    `planted pairs found: ${PLANTED - missed.length}/${PLANTED} (${byKind}); estimated similarity min ${Math.min(...estimated).toFixed(3)}  ${missed.length === 0 ? 'PASS' : `FAIL (missed ${missed.slice(0, 5).join(' ')})`}`,
  );
  console.log(
    `other pairs at 0.9 or more: ${extra.length}  ${
      extra.length === 0
        ? 'PASS'
        : `FAIL (${extra
            .slice(0, 3)
            .map((c) => c.pages.map((p) => p.id).join('+'))
            .join(' ')})`
    }`,
  );
  if (missed.length > 0 || extra.length > 0) process.exitCode = 1;
}

main();
