import { CrawlPolicy, MAX_CRAWL_URL_LENGTH } from './crawl-policy.js';
import type { CrawlPolicyData } from './crawl-policy.js';

const ORIGIN = 'https://site.test';

function policy(overrides: Partial<CrawlPolicyData> = {}): CrawlPolicy {
  return new CrawlPolicy({
    origin: ORIGIN,
    startUrl: `${ORIGIN}/`,
    settings: {
      max_pages: 100,
      max_depth: 2,
      include: [],
      exclude: ['/private/'],
      respect_robots: true,
      sitemaps: true,
    },
    robotsTxt: {
      url: `${ORIGIN}/robots.txt`,
      status: 200,
      body: 'User-agent: *\nDisallow: /blocked/\nCrawl-delay: 2\n',
    },
    userAgent: 'ReportServiceBot/0.1',
    hostConcurrency: 4,
    ...overrides,
  });
}

describe("a crawl's policy", () => {
  it('follows a link one level deeper, and none from a page at max_depth', () => {
    expect(policy().link(`${ORIGIN}/a`, true, 1, 3)).toEqual({
      url: `${ORIGIN}/a`,
      inScope: true,
      crawlable: true,
      via: 'link',
      depth: 2,
      position: 3,
    });
    expect(policy().link(`${ORIGIN}/a`, true, 2, 0)).toMatchObject({
      crawlable: false,
      depth: null,
    });
    // A page of no depth (a sitemap URL) follows its own links, which have none either.
    expect(policy().link(`${ORIGIN}/a`, true, null, 0)).toMatchObject({
      crawlable: true,
      depth: null,
    });
  });

  it('records but does not follow a nofollow link or one out of scope', () => {
    expect(policy().link(`${ORIGIN}/a`, false, 0, 0)).toMatchObject({
      inScope: true,
      crawlable: false,
      via: null,
    });
    expect(policy().link('https://elsewhere.test/', true, 0, 0)).toMatchObject({
      inScope: false,
      crawlable: false,
    });
    expect(policy().link(`${ORIGIN}/private/x`, true, 0, 0)).toMatchObject({
      inScope: false,
    });
  });

  it('gives a redirect target the depth of the URL that redirected to it', () => {
    expect(policy().redirect(`${ORIGIN}/moved`, 1)).toMatchObject({
      crawlable: true,
      via: 'redirect',
      depth: 1,
    });
    expect(policy().named(`${ORIGIN}/c`, 'canonical')).toMatchObject({
      crawlable: true,
      via: 'canonical',
      depth: null,
    });
  });

  it('refuses to request what robots.txt disallows, or a URL too long to request', () => {
    expect(policy().refusal(`${ORIGIN}/blocked/x`)).toBe('blocked');
    expect(policy().refusal(`${ORIGIN}/open`)).toBeNull();
    const long = `${ORIGIN}/${'a'.repeat(MAX_CRAWL_URL_LENGTH)}`;
    expect(policy().refusal(long)).toBe('skipped');
    const rude = policy({
      settings: { ...policy().data.settings, respect_robots: false },
    });
    expect(rude.refusal(`${ORIGIN}/blocked/x`)).toBeNull();
  });

  it('lets a rendered page ask for what robots.txt allows on the site, and anything elsewhere', () => {
    expect(policy().mayRender(`${ORIGIN}/static/app.js`)).toBe(true);
    expect(policy().mayRender(`${ORIGIN}/blocked/data.json`)).toBe(false);
    expect(policy().mayRender('https://elsewhere.test/blocked/x.js')).toBe(
      true,
    );
    const rude = policy({
      settings: { ...policy().data.settings, respect_robots: false },
    });
    expect(rude.mayRender(`${ORIGIN}/blocked/data.json`)).toBe(true);
  });

  it('probes any other host, but on the site only what scope and robots.txt allow', () => {
    expect(policy().mayProbe('https://elsewhere.test/x')).toBe(true);
    expect(policy().mayProbe(`${ORIGIN}/style.css`)).toBe(true);
    expect(policy().mayProbe(`${ORIGIN}/blocked/x.css`)).toBe(false);
    expect(policy().mayProbe(`${ORIGIN}/private/x.css`)).toBe(false);
    expect(
      policy().mayProbe(`https://elsewhere.test/${'a'.repeat(3_000)}`),
    ).toBe(false);
  });

  it("spaces requests by the site's Crawl-delay, and nothing without robots.txt", () => {
    expect(policy().politeness).toEqual({ concurrency: 4, delayMs: 2_000 });
    expect(policy({ robotsTxt: null }).politeness.delayMs).toBe(0);
  });
});
