import {
  answeredPage,
  blockedPage,
  crawlOf,
  failedPage,
  htmlPage,
  redirectPage,
  url,
} from '../../../test/support/site-crawl-fixture.js';
import { answerOf, crawlFacts, isBroken } from './site-facts.js';

describe('crawlFacts', () => {
  it('lists the pages in id order and finds them by id and by url', () => {
    const pages = [htmlPage(3, '/c'), htmlPage(1, '/'), htmlPage(2, '/b')];
    const facts = crawlFacts(crawlOf(pages));
    expect(facts.pages.map((page) => page.id)).toEqual([1, 2, 3]);
    expect(facts.byId.get(2)?.url).toBe(url('/b'));
    expect(facts.byUrl.get(url('/c'))?.id).toBe(3);
    expect(facts.byUrl.get(url('/missing'))).toBeUndefined();
  });

  it('keeps the crawl it was given as it was', () => {
    const pages = [htmlPage(2, '/b'), htmlPage(1, '/')];
    crawlFacts(crawlOf(pages));
    expect(pages.map((page) => page.id)).toEqual([2, 1]);
  });

  it('asks the crawl whether a URL is in scope', () => {
    const facts = crawlFacts(crawlOf([htmlPage(1, '/')]));
    expect(facts.inScope(url('/anything'))).toBe(true);
    expect(facts.inScope('https://other.example/')).toBe(false);
  });

  it.each([
    ['an HTML page without a canonical', htmlPage(1, '/a'), true],
    [
      'an HTML page whose canonical is itself',
      htmlPage(1, '/a', { canonical: url('/a') }),
      true,
    ],
    [
      'an HTML page canonicalised to another',
      htmlPage(1, '/a', { canonical: url('/b') }),
      false,
    ],
    ['an HTML page with noindex', htmlPage(1, '/a', { noindex: true }), false],
    ['a redirect', redirectPage(1, '/a', '/b'), false],
    ['a 404', answeredPage(1, '/a', 404), false],
    ['a PDF answered 200', answeredPage(1, '/a.pdf', 200), false],
    ['a failed fetch', failedPage(1, '/a'), false],
    ['a page blocked by robots.txt', blockedPage(1, '/a'), false],
  ])('indexable: %s', (_case, page, indexable) => {
    expect(crawlFacts(crawlOf([page])).indexable(page)).toBe(indexable);
  });

  it('counts as inlinks the distinct other pages with a followed link', () => {
    const pages = [
      htmlPage(1, '/'),
      htmlPage(2, '/a'),
      htmlPage(3, '/b'),
      htmlPage(4, '/c'),
      htmlPage(5, '/d'),
    ];
    const crawl = crawlOf(pages, [
      // Page 2: from 1 twice, from 3 once, and from itself.
      { from: 1, to: '/a' },
      { from: 3, to: '/a' },
      { from: 1, to: '/a', anchor: 'again' },
      { from: 2, to: '/a' },
      // Page 3: only nofollow links.
      { from: 1, to: '/b', followed: false },
      { from: 2, to: '/b', followed: false },
      // Page 4: one followed link beside a nofollow one from the same page.
      { from: 2, to: '/c', followed: false },
      { from: 2, to: '/c' },
      // Links to URLs that are no page of the crawl, and a fragment of the page itself.
      { from: 1, to: '/not-requested' },
      { from: 1, to: 'https://other.example/' },
      { from: 5, to: '/d' },
    ]);
    const facts = crawlFacts(crawl);
    expect(pages.map((page) => facts.inlinks(page))).toEqual([0, 2, 0, 1, 0]);
  });

  it('counts a source once whatever the order of its links', () => {
    const pages = [htmlPage(1, '/'), htmlPage(2, '/a'), htmlPage(3, '/b')];
    const crawl = crawlOf(pages, [
      { from: 2, to: '/b' },
      { from: 1, to: '/b' },
      { from: 2, to: '/b' },
      { from: 1, to: '/b' },
      { from: 3, to: '/' },
      { from: 2, to: '/' },
      { from: 3, to: '/' },
    ]);
    const facts = crawlFacts(crawl);
    expect(pages.map((page) => facts.inlinks(page))).toEqual([2, 0, 2]);
  });

  it('gives no inlinks to a page that is not of the crawl', () => {
    const facts = crawlFacts(crawlOf([htmlPage(1, '/')]));
    expect(facts.inlinks(htmlPage(9, '/elsewhere'))).toBe(0);
  });
});

describe('answerOf and isBroken', () => {
  it.each([
    ['an HTML 200', htmlPage(1, '/'), 'success', false],
    ['a PDF 200', answeredPage(1, '/a.pdf', 200), 'success', false],
    ['a 301', redirectPage(1, '/a', '/b'), 'redirect', false],
    ['a 304 without Location', answeredPage(1, '/a', 304), 'redirect', false],
    ['a 404', answeredPage(1, '/a', 404), 'client_error', true],
    ['a 410', answeredPage(1, '/a', 410), 'client_error', true],
    ['a 500', answeredPage(1, '/a', 500), 'server_error', true],
    ['a 503', answeredPage(1, '/a', 503), 'server_error', true],
    ['a timeout', failedPage(1, '/a', 'timeout'), 'failed', true],
    ['a dns failure', failedPage(1, '/a', 'dns'), 'failed', true],
    ['a page blocked by robots.txt', blockedPage(1, '/a'), null, false],
    [
      'a page requested without an answer yet',
      failedPage(1, '/a', 'timeout', { error: null }),
      null,
      false,
    ],
  ])('%s', (_case, page, answer, broken) => {
    expect(answerOf(page)).toBe(answer);
    expect(isBroken(page)).toBe(broken);
  });
});
