import {
  collectSitemapUrls,
  sitemapEntries,
  sitemapsNamedBy,
} from './sitemap-urls.js';
import type { SitemapAnswer } from './sitemap-urls.js';

const urlset = (...locs: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const index = (...locs: string[]) =>
  `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;

function site(files: Record<string, string>) {
  const asked: string[] = [];
  const fetch = (url: string): Promise<SitemapAnswer> => {
    asked.push(url);
    const body = files[url];
    return Promise.resolve(
      body === undefined
        ? { status: 404, body: 'Not found', error: null }
        : { status: 200, body, error: null },
    );
  };
  return { asked, fetch };
}

describe('sitemaps of a site', () => {
  it('reads the locs of a urlset and of an index, prefixed or not, entities decoded', () => {
    expect(
      sitemapEntries(
        urlset('https://a.test/x?a=1&amp;b=2', ' https://a.test/y '),
      ),
    ).toEqual({
      index: false,
      locs: ['https://a.test/x?a=1&b=2', 'https://a.test/y'],
    });
    expect(
      sitemapEntries(
        '<sm:sitemapindex><sm:sitemap><sm:loc>https://a.test/s.xml</sm:loc></sm:sitemap></sm:sitemapindex>',
      ),
    ).toEqual({ index: true, locs: ['https://a.test/s.xml'] });
  });

  it('takes the Sitemap lines of robots.txt, resolved and each once', () => {
    expect(
      sitemapsNamedBy(
        'User-agent: *\nSitemap: /a.xml\nsitemap:https://a.test/b.xml\nSitemap: /a.xml\n',
        'https://a.test/robots.txt',
      ),
    ).toEqual(['https://a.test/a.xml', 'https://a.test/b.xml']);
  });

  it('follows indexes from robots.txt and /sitemap.xml, each file once, URLs normalised and each once', async () => {
    const { asked, fetch } = site({
      'https://a.test/named.xml': index(
        'https://a.test/part1.xml',
        'https://a.test/part2.xml',
        'https://a.test/named.xml',
      ),
      'https://a.test/part1.xml': urlset(
        'https://A.test/one',
        'https://a.test/two#x',
      ),
      'https://a.test/part2.xml': urlset(
        'https://a.test/two',
        'https://a.test/three',
      ),
      'https://a.test/sitemap.xml': urlset('https://a.test/four'),
    });
    const read = await collectSitemapUrls(
      'https://a.test',
      {
        url: 'https://a.test/robots.txt',
        body: 'Sitemap: https://a.test/named.xml',
      },
      fetch,
    );
    expect(read.urls).toEqual([
      'https://a.test/four',
      'https://a.test/one',
      'https://a.test/two',
      'https://a.test/three',
    ]);
    expect(asked.sort()).toEqual([
      'https://a.test/named.xml',
      'https://a.test/part1.xml',
      'https://a.test/part2.xml',
      'https://a.test/sitemap.xml',
    ]);
    expect(
      read.sitemaps.find((s) => s.url.endsWith('named.xml'))!.entries,
    ).toBe(3);
  });

  it('stops at the limits: files read and URLs kept', async () => {
    const files: Record<string, string> = {
      'https://a.test/sitemap.xml': index(
        ...Array.from({ length: 10 }, (_, i) => `https://a.test/s${i}.xml`),
      ),
    };
    for (let i = 0; i < 10; i++) {
      files[`https://a.test/s${i}.xml`] = urlset(
        ...Array.from({ length: 10 }, (_, j) => `https://a.test/p${i}-${j}`),
      );
    }
    const { asked, fetch } = site(files);
    const read = await collectSitemapUrls('https://a.test', null, fetch, {
      maxSitemaps: 3,
      maxUrls: 15,
    });
    expect(asked).toHaveLength(3);
    expect(read.urls).toHaveLength(15);
  });

  it('records a sitemap that does not answer, and keeps nothing of it', async () => {
    const { fetch } = site({});
    const read = await collectSitemapUrls('https://a.test', null, fetch);
    expect(read).toEqual({
      urls: [],
      sitemaps: [
        {
          url: 'https://a.test/sitemap.xml',
          status: 404,
          error: null,
          entries: 0,
        },
      ],
    });
  });
});
