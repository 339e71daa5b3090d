import {
  affectedBy,
  answeredPage,
  blockedPage,
  crawlOf,
  failedPage,
  htmlPage,
  redirectPage,
  url,
  valuesOf,
} from '../../../test/support/site-crawl-fixture.js';
import {
  HREFLANG_CHECKS,
  hreflangBadTarget,
  hreflangConflict,
  hreflangInvalidCode,
  hreflangNoReturn,
  hreflangNoSelf,
} from './hreflang.js';
import { hreflangCodeProblem } from './hreflang-codes.js';

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

describe('hreflangCodeProblem', () => {
  it.each([
    'en',
    'en-GB',
    'EN-gb',
    'fr-CA',
    'es-419',
    'zh-Hant-TW',
    'zh-Hans',
    'x-default',
    'X-Default',
  ])('takes %s', (code) => {
    expect(hreflangCodeProblem(code)).toBeNull();
  });

  it.each([
    ['en-UK', 'unknown region "UK"'],
    ['xx-YY', 'unknown language "xx"'],
    ['fr-XX', 'unknown region "XX"'],
    ['zh-Hanx', 'unknown script "Hanx"'],
    ['iw', 'deprecated language "iw": use "he"'],
    ['de-DD', 'deprecated region "DD": use "DE"'],
    ['sr-CS', 'deprecated region "CS"'],
    ['en_GB', 'written with "_": subtags are separated by "-"'],
    ['', 'empty'],
    ...[
      'english',
      'e',
      'en-GB-oxendict',
      'en-US-x-foo',
      'x-klingon',
      'en-',
    ].map((code): [string, string] => [
      code,
      'not of the form language(-script)(-region): a language is 2 or 3 letters, a script 4 letters, a region 2 letters or 3 digits',
    ]),
  ])('refuses %j: %s', (code, reason) => {
    expect(hreflangCodeProblem(code)).toBe(reason);
  });
});

describe('hreflang_invalid_code', () => {
  const crawl = crawlOf([
    htmlPage(1, '/en/', {
      hreflang: alternates(
        ['en', '/en/'],
        ['fr-CA', '/fr/'],
        ['x-default', '/'],
      ),
    }),
    htmlPage(2, '/fr/', {
      hreflang: alternates(
        ['en-UK', '/en/'],
        ['fr-CA', '/fr/'],
        ['en_GB', '/gb/'],
        ['x-default', '/'],
      ),
    }),
    // Not an HTML page: its alternates are not read.
    redirectPage(3, '/old', '/en/', 301, {
      hreflang: alternates(['english', '/en/']),
    }),
    // An alternate out of scope is judged all the same: the code is the page's.
    htmlPage(4, '/de/', {
      hreflang: [{ lang: 'deutsch', url: 'https://de.example.org/' }],
    }),
  ]);

  it('affects each HTML page with a code that is not valid, and no other', () => {
    expect(affectedBy(hreflangInvalidCode, crawl)).toEqual([2, 4]);
  });

  it('names each such alternate with why', () => {
    expect(valuesOf(hreflangInvalidCode, crawl)[2]).toEqual([
      { lang: 'en-UK', url: url('/en/'), reason: 'unknown region "UK"' },
      {
        lang: 'en_GB',
        url: url('/gb/'),
        reason: 'written with "_": subtags are separated by "-"',
      },
    ]);
  });

  it('lists at most 20 alternates', () => {
    const many = crawlOf([
      htmlPage(1, '/', {
        hreflang: Array.from({ length: 30 }, (_, i) => ({
          lang: `zz-${i}`,
          url: url(`/l${i}`),
        })),
      }),
    ]);
    expect(valuesOf(hreflangInvalidCode, many)[1]).toHaveLength(20);
  });
});

describe('hreflang_bad_target', () => {
  const set = alternates(
    ['en', '/en/'],
    ['fr', '/fr/'],
    ['de', '/de'],
    ['es', '/es/'],
    ['it', '/it/'],
    ['pt', '/pt/'],
    ['nl', '/nl/'],
    ['pl', '/pl/'],
    ['sv', '/sv/'],
    ['x-default', '/'],
  );
  const crawl = crawlOf([
    htmlPage(1, '/en/', { hreflang: set }),
    htmlPage(2, '/fr/', { hreflang: set, noindex: true }),
    redirectPage(3, '/de', '/de/'),
    htmlPage(4, '/es/', { hreflang: set, canonical: url('/en/') }),
    answeredPage(5, '/it/', 404),
    answeredPage(6, '/pt/', 503),
    failedPage(7, '/nl/'),
    blockedPage(8, '/pl/'),
    // A 2xx that is not HTML is not judged, nor one the crawl never saw (/sv/, /).
    answeredPage(9, '/sv/', 200),
    // A page naming only healthy alternates.
    htmlPage(10, '/a', { hreflang: alternates(['en', '/a'], ['fr', '/b']) }),
    htmlPage(11, '/b', {
      hreflang: alternates(['en', '/a'], ['fr', '/b']),
      canonical: url('/b'),
    }),
  ]);

  it('affects each HTML page naming an alternate that is not indexable, itself aside', () => {
    // /fr/ and /es/ name themselves: not their own bad target.
    expect(affectedBy(hreflangBadTarget, crawl)).toEqual([1, 2, 4]);
  });

  it('names each such alternate with its status and why, each URL once', () => {
    expect(valuesOf(hreflangBadTarget, crawl)[1]).toEqual([
      {
        lang: 'fr',
        url: url('/fr/'),
        status_code: 200,
        redirect_to: null,
        reason: 'noindex',
      },
      {
        lang: 'de',
        url: url('/de'),
        status_code: 301,
        redirect_to: url('/de/'),
        reason: 'redirect',
      },
      {
        lang: 'es',
        url: url('/es/'),
        status_code: 200,
        redirect_to: null,
        reason: 'canonicalised',
      },
      {
        lang: 'it',
        url: url('/it/'),
        status_code: 404,
        redirect_to: null,
        reason: 'client_error',
      },
      {
        lang: 'pt',
        url: url('/pt/'),
        status_code: 503,
        redirect_to: null,
        reason: 'server_error',
      },
      {
        lang: 'nl',
        url: url('/nl/'),
        status_code: null,
        redirect_to: null,
        reason: 'failed',
      },
    ]);
  });

  it('lists at most 20 alternates', () => {
    const others = Array.from({ length: 30 }, (_, i) =>
      answeredPage(i + 2, `/l${i}`, 404),
    );
    const many = crawlOf([
      htmlPage(1, '/', {
        hreflang: others.map((other, i) => ({ lang: `x${i}`, url: other.url })),
      }),
      ...others,
    ]);
    expect(valuesOf(hreflangBadTarget, many)[1]).toHaveLength(20);
  });
});

describe('hreflang_no_self', () => {
  const crawl = crawlOf([
    htmlPage(1, '/en/', {
      hreflang: alternates(['en', '/en/'], ['fr', '/fr/']),
    }),
    htmlPage(2, '/fr/', {
      hreflang: alternates(['en', '/en/'], ['x-default', '/en/']),
    }),
    // No alternates at all: nothing to judge.
    htmlPage(3, '/de/'),
    redirectPage(4, '/es/', '/en/', 301, {
      hreflang: alternates(['en', '/en/']),
    }),
  ]);

  it('affects each HTML page whose alternates do not name it, and no other', () => {
    expect(affectedBy(hreflangNoSelf, crawl)).toEqual([2]);
  });

  it('lists the alternates it declares', () => {
    expect(valuesOf(hreflangNoSelf, crawl)[2]).toEqual(
      alternates(['en', '/en/'], ['x-default', '/en/']),
    );
  });
});

describe('hreflang_conflict', () => {
  const crawl = crawlOf([
    // x-default and regions of one language may share a URL.
    htmlPage(1, '/en/', {
      hreflang: alternates(
        ['en', '/en/'],
        ['en-GB', '/en/'],
        ['EN', '/en/'],
        ['x-default', '/en/'],
        ['de', '/de/'],
        ['de-AT', '/de/'],
      ),
    }),
    // /fr/ named both French and Spanish, /it/ Italian and Portuguese.
    htmlPage(2, '/fr/', {
      hreflang: alternates(
        ['fr', '/fr/'],
        ['es', '/fr/'],
        ['en', '/en/'],
        ['it', '/it/'],
        ['pt-BR', '/it/'],
        ['it-CH', '/it/'],
      ),
    }),
    // French at two URLs (case aside); en-GB and en-US at URLs of their own are no conflict.
    htmlPage(3, '/en-gb/', {
      hreflang: alternates(
        ['en-GB', '/en-gb/'],
        ['en-US', '/en-us/'],
        ['fr', '/fr/'],
        ['FR', '/fr-2/'],
      ),
    }),
  ]);

  it('affects each page giving one URL two languages or one code two URLs, and no other', () => {
    expect(affectedBy(hreflangConflict, crawl)).toEqual([2, 3]);
  });

  it('names a code given several URLs with its URLs', () => {
    expect(valuesOf(hreflangConflict, crawl)[3]).toEqual([
      { lang: 'fr', urls: [url('/fr/'), url('/fr-2/')] },
    ]);
  });

  it('names each such URL with the codes it is given', () => {
    expect(valuesOf(hreflangConflict, crawl)[2]).toEqual([
      { url: url('/fr/'), langs: ['fr', 'es'] },
      { url: url('/it/'), langs: ['it', 'pt-BR', 'it-CH'] },
    ]);
  });
});

describe('the hreflang checks', () => {
  it('find nothing on a site without hreflang', () => {
    const plain = crawlOf([
      htmlPage(1, '/'),
      htmlPage(2, '/about'),
      redirectPage(3, '/old', '/about'),
      answeredPage(4, '/gone', 404),
    ]);
    for (const check of HREFLANG_CHECKS) {
      expect([check.id, affectedBy(check, plain)]).toEqual([check.id, []]);
    }
  });

  it('find nothing on a sound set of four languages and x-default', () => {
    const paths = ['/en/', '/fr/', '/de/', '/es/'];
    const set = alternates(
      ['en', '/en/'],
      ['fr-FR', '/fr/'],
      ['de', '/de/'],
      ['es-419', '/es/'],
      ['x-default', '/en/'],
    );
    const sound = crawlOf(
      paths.map((path, i) => htmlPage(i + 1, path, { hreflang: set })),
    );
    for (const check of HREFLANG_CHECKS) {
      expect([check.id, affectedBy(check, sound)]).toEqual([check.id, []]);
    }
  });
});
