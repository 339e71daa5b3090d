import {
  affectedBy,
  blockedPage,
  crawlOf,
  htmlPage,
  redirectPage,
  url,
  valuesOf,
} from '../../../test/support/site-crawl-fixture.js';
import { hreflangNoReturn } from './hreflang.js';

const alternates = (...entries: Array<[string, string]>) =>
  entries.map(([lang, path]) => ({ lang, url: url(path) }));

describe('hreflang_no_return', () => {
  const crawl = crawlOf([
    // A confirmed set: each names the others and itself.
    htmlPage(1, '/en/', {
      hreflang: alternates(['en', '/en/'], ['fr', '/fr/'], ['x-default', '/']),
    }),
    htmlPage(2, '/fr/', {
      hreflang: alternates(['en', '/en/'], ['fr', '/fr/'], ['x-default', '/']),
    }),
    htmlPage(3, '/', {
      hreflang: alternates(['en', '/en/'], ['fr', '/fr/'], ['x-default', '/']),
    }),
    // Names /de/ and /es/, which do not name it back; /it/ does.
    htmlPage(4, '/en/pricing', {
      hreflang: alternates(
        ['de', '/de/pricing'],
        ['de-AT', '/de/pricing'],
        ['es', '/es/pricing'],
        ['it', '/it/pricing'],
      ),
    }),
    htmlPage(5, '/de/pricing', { hreflang: alternates(['de', '/de/pricing']) }),
    htmlPage(6, '/es/pricing'),
    htmlPage(7, '/it/pricing', {
      hreflang: alternates(['en', '/en/pricing'], ['it', '/it/pricing']),
    }),
    // Alternates that cannot be judged: out of scope, not requested, blocked, a redirect.
    htmlPage(8, '/en/help', {
      hreflang: [
        { lang: 'fr', url: 'https://fr.example.com/help' },
        { lang: 'de', url: url('/de/help') },
        { lang: 'es', url: url('/es/help') },
        { lang: 'it', url: url('/it/help') },
      ],
    }),
    blockedPage(9, '/es/help'),
    redirectPage(10, '/it/help', '/it/aiuto'),
    // Only itself.
    htmlPage(11, '/solo', { hreflang: alternates(['en', '/solo']) }),
    // Not an HTML page: its alternates are not read.
    redirectPage(12, '/pt/pricing', '/en/pricing', 301, {
      hreflang: alternates(['en', '/es/pricing']),
    }),
  ]);

  it('affects each HTML page with an HTML alternate that does not name it back, and no other', () => {
    expect(affectedBy(hreflangNoReturn, crawl)).toEqual([4]);
  });

  it('lists each such alternate once, with the language the page gives it', () => {
    expect(valuesOf(hreflangNoReturn, crawl)[4]).toEqual([
      { lang: 'de', url: url('/de/pricing') },
      { lang: 'es', url: url('/es/pricing') },
    ]);
  });

  it('wants the return link from the alternate itself, not from a third page', () => {
    const pair = crawlOf([
      htmlPage(1, '/a', { hreflang: alternates(['fr', '/b']) }),
      htmlPage(2, '/b', { hreflang: alternates(['en', '/c']) }),
      htmlPage(3, '/c', { hreflang: alternates(['fr', '/b']) }),
    ]);
    expect(affectedBy(hreflangNoReturn, pair)).toEqual([1]);
  });

  it('lists at most 20 alternates', () => {
    const others = Array.from({ length: 30 }, (_, i) =>
      htmlPage(i + 2, `/l${i}`),
    );
    const many = crawlOf([
      htmlPage(1, '/', {
        hreflang: others.map((other, i) => ({ lang: `x${i}`, url: other.url })),
      }),
      ...others,
    ]);
    expect(valuesOf(hreflangNoReturn, many)[1]).toHaveLength(20);
    expect(affectedBy(hreflangNoReturn, many)).toEqual([1]);
  });
});
