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
  canonicalBroken,
  canonicalChain,
  canonicalRedirect,
} from './canonicals.js';

/** Pages 1-19 declare canonicals; 20-39 are what they name. */
const crawl = crawlOf([
  htmlPage(1, '/self', { canonical: url('/self') }),
  htmlPage(2, '/none'),
  htmlPage(3, '/to-404', { canonical: url('/gone') }),
  htmlPage(4, '/to-500', { canonical: url('/crashes') }),
  htmlPage(5, '/to-timeout', { canonical: url('/slow') }),
  htmlPage(6, '/to-redirect', { canonical: url('/moved') }),
  htmlPage(7, '/to-canonicalised', { canonical: url('/copy') }),
  htmlPage(8, '/to-final', { canonical: url('/final') }),
  htmlPage(9, '/to-self-canonical', { canonical: url('/declared-self') }),
  htmlPage(10, '/to-other-site', {
    canonical: 'https://other.example/gone',
  }),
  htmlPage(11, '/to-not-requested', { canonical: url('/never-requested') }),
  htmlPage(12, '/to-private', { canonical: url('/private') }),
  htmlPage(13, '/to-pdf', { canonical: url('/report.pdf') }),
  htmlPage(14, '/ping', { canonical: url('/pong') }),
  htmlPage(15, '/pong', { canonical: url('/ping') }),
  htmlPage(16, '/noindex-to-404', { canonical: url('/gone'), noindex: true }),
  // Not an HTML page: its canonical (read from a header, say) is not judged.
  answeredPage(17, '/error-to-404', 404, { canonical: url('/gone') }),
  answeredPage(20, '/gone', 404),
  answeredPage(21, '/crashes', 503),
  failedPage(22, '/slow', 'dns'),
  redirectPage(23, '/moved', '/final', 308),
  htmlPage(24, '/copy', { canonical: url('/final') }),
  htmlPage(25, '/final'),
  htmlPage(26, '/declared-self', { canonical: url('/declared-self') }),
  blockedPage(27, '/private'),
  answeredPage(28, '/report.pdf', 200),
]);

describe('canonical_broken', () => {
  it('affects each HTML page whose canonical is a page answered 4xx, 5xx or failed, and no other', () => {
    expect(affectedBy(canonicalBroken, crawl)).toEqual([3, 4, 5, 16]);
  });

  it('gives the canonical with its status or error', () => {
    const values = valuesOf(canonicalBroken, crawl);
    expect(values[3]).toEqual({
      url: url('/gone'),
      status_code: 404,
      error: null,
    });
    expect(values[5]).toEqual({
      url: url('/slow'),
      status_code: null,
      error: 'dns',
    });
  });
});

describe('canonical_redirect', () => {
  it('affects each HTML page whose canonical is a page answered 3xx, and no other', () => {
    expect(affectedBy(canonicalRedirect, crawl)).toEqual([6]);
  });

  it('gives the canonical with its status and redirect_to', () => {
    expect(valuesOf(canonicalRedirect, crawl)[6]).toEqual({
      url: url('/moved'),
      status_code: 308,
      redirect_to: url('/final'),
    });
  });
});

describe('canonical_chain', () => {
  it('affects each HTML page whose canonical is an HTML page canonicalised elsewhere, and no other', () => {
    expect(affectedBy(canonicalChain, crawl)).toEqual([7, 14, 15]);
  });

  it("gives the canonical and the canonical's own canonical", () => {
    const values = valuesOf(canonicalChain, crawl);
    expect(values[7]).toEqual({ url: url('/copy'), canonical: url('/final') });
    expect(values[14]).toEqual({ url: url('/pong'), canonical: url('/ping') });
  });

  it("judges the canonical's canonical wherever it points, out of scope included", () => {
    const away = crawlOf([
      htmlPage(1, '/a', { canonical: url('/b') }),
      htmlPage(2, '/b', { canonical: 'https://other.example/b' }),
    ]);
    expect(affectedBy(canonicalChain, away)).toEqual([1]);
  });
});
