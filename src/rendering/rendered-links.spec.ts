import { fragmentRoutesOf, linksOf } from './rendered-links.js';

describe('linksOf', () => {
  it('resolves hrefs against the page, entities decoded', () => {
    expect(
      linksOf(
        '<a href="/about?a=1&amp;b=2">About</a><a name="top">no href</a><a href="https://other.test/x">x</a><a href="http://[bad">bad</a>',
        'http://site.test/dir/page',
      ),
    ).toEqual([
      { href: '/about?a=1&b=2', url: 'http://site.test/about?a=1&b=2' },
      { href: 'https://other.test/x', url: 'https://other.test/x' },
      { href: 'http://[bad', url: null },
    ]);
  });

  it('resolves against the first <base href>, itself resolved against the page', () => {
    expect(
      linksOf(
        '<head><base href="/app/"><base href="/ignored/"></head><a href="next">n</a>',
        'http://site.test/dir/page',
      ),
    ).toEqual([{ href: 'next', url: 'http://site.test/app/next' }]);
  });
});

describe('fragmentRoutesOf', () => {
  it('names the links that route by fragment, each once', () => {
    const links = linksOf(
      '<a href="#/pricing">p</a><a href="#!/team">t</a><a href="#/pricing">again</a><a href="#section">in page</a><a href="/real">real</a><a href="/other#/route">other</a>',
      'http://site.test/',
    );
    expect(fragmentRoutesOf(links)).toEqual([
      'http://site.test/#/pricing',
      'http://site.test/#!/team',
      'http://site.test/other#/route',
    ]);
  });
});
