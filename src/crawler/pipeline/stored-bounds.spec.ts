import { pageFact } from '../../analysis/index.js';
import type { StoredResults } from '../../analysis/index.js';
import {
  EVIDENCE_ITEMS_MAX,
  EVIDENCE_TEXT_MAX,
  RESULTS_MAX,
  boundedAnchors,
  boundedFacts,
  boundedResults,
  boundedText,
} from './stored-bounds.js';

const resultsWith = (checks: StoredResults['checks']) =>
  ({ score: 50, checks }) as unknown as StoredResults;

describe('what the crawl stores of a page, bounded', () => {
  it('keeps a short text whole and cuts a long one, saying so', () => {
    expect(boundedText('Pricing', 10)).toEqual({ text: 'Pricing', cut: false });
    expect(boundedText(null, 10)).toEqual({ text: null, cut: false });
    expect(boundedText('x'.repeat(4_000_000), 1_024)).toEqual({
      text: 'x'.repeat(1_024),
      cut: true,
    });
  });

  it('never leaves half a surrogate pair at the cut', () => {
    const { text } = boundedText(`${'a'.repeat(9)}😀😀`, 10);
    expect(text).toBe('a'.repeat(9));
  });

  it('keeps anchors whole while their budget lasts, then cut, then empty', () => {
    expect(boundedAnchors(['abc', 'def'], 10)).toEqual({
      anchors: ['abc', 'def'],
      cut: false,
    });
    expect(boundedAnchors(['abcd', 'efgh', 'ijkl'], 6)).toEqual({
      anchors: ['abcd', 'ef', ''],
      cut: true,
    });
  });

  it("cuts each check's message and evidence, never the list of checks", () => {
    const checks: StoredResults['checks'] = Array.from(
      { length: 150 },
      (_, i) => [`check_${i}`, true, 'ok', null],
    );
    checks.push([
      'title_length',
      false,
      'm'.repeat(5_000),
      { title: 't'.repeat(5_000), images: Array(500).fill('/x.png') },
    ]);
    const { results, cut } = boundedResults(resultsWith(checks));
    expect(cut).toBe(true);
    expect(results.checks).toHaveLength(151);
    const [, , message, value] = results.checks[150];
    expect(message).toHaveLength(EVIDENCE_TEXT_MAX);
    expect(value).toEqual({
      title: 't'.repeat(EVIDENCE_TEXT_MAX),
      images: Array(EVIDENCE_ITEMS_MAX).fill('/x.png'),
    });
  });

  it('cuts harder when the results are still too big, and stay under their bound', () => {
    const checks: StoredResults['checks'] = Array.from(
      { length: 60 },
      (_, i) => [
        `check_${i}`,
        false,
        'm',
        Array(1_000).fill('e'.repeat(2_000)),
      ],
    );
    const { results, cut } = boundedResults(resultsWith(checks));
    expect(cut).toBe(true);
    expect(results.checks).toHaveLength(60);
    expect(JSON.stringify(results).length).toBeLessThan(RESULTS_MAX);
  });

  it('leaves results within every bound as they are', () => {
    const small = resultsWith([['title_length', true, 'ok', { length: 40 }]]);
    expect(boundedResults(small)).toEqual({ results: small, cut: false });
  });
});

describe('boundedFacts', () => {
  const facts = {
    title: 'Title',
    metaDescription: null,
    canonical: null,
    noindex: false,
    indexable: true,
    hreflang: [],
    words: 10,
    textDigest: 'd',
    minhash: null,
    skeleton: 's',
    structuredDataTypes: [],
    accessibilityRules: null,
    robots: [],
  };

  it('keeps facts within their bounds as they are', () => {
    expect(boundedFacts(facts)).toEqual({
      facts,
      textsCut: false,
      listsCut: false,
    });
  });

  it('cuts a long text to its bound and says the texts were cut', () => {
    const kept = boundedFacts({ ...facts, title: 't'.repeat(5_000) });
    expect(kept.facts.title).toHaveLength(pageFact('title').bound!);
    expect(kept).toMatchObject({ textsCut: true, listsCut: false });
  });

  it('keeps the first items of a long list and says the lists were cut', () => {
    const hreflang = Array.from({ length: 1_500 }, (_, i) => ({
      lang: 'en',
      url: `https://example.com/${i}`,
    }));
    const kept = boundedFacts({ ...facts, hreflang });
    expect(kept.facts.hreflang).toEqual(
      hreflang.slice(0, pageFact('hreflang').bound),
    );
    expect(kept).toMatchObject({ textsCut: false, listsCut: true });
  });
});
