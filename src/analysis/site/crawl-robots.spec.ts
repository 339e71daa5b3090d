import { crawlRobots, MAX_CRAWL_DELAY_MS } from './crawl-robots.js';

const UA = 'ReportServiceBot/0.1 (+https://example.com/bot)';

describe("a crawl's robots.txt", () => {
  it('disallows what the group of the service (or *) disallows, and allows the rest', () => {
    const robots = crawlRobots(
      {
        url: 'https://a.test/robots.txt',
        status: 200,
        body: 'User-agent: *\nDisallow: /private/\n\nUser-agent: ReportServiceBot\nDisallow: /bots-only/\n',
      },
      UA,
    );
    expect(robots.allows('https://a.test/private/x')).toBe(true);
    expect(robots.allows('https://a.test/bots-only/x')).toBe(false);
    expect(robots.allows('https://a.test/public')).toBe(true);
    const star = crawlRobots(
      {
        url: 'https://a.test/robots.txt',
        status: 200,
        body: 'User-agent: *\nDisallow: /private/\n',
      },
      UA,
    );
    expect(star.allows('https://a.test/private/x')).toBe(false);
  });

  it('reads Crawl-delay in ms, at most ten seconds', () => {
    const delay = (value: string) =>
      crawlRobots(
        {
          url: 'https://a.test/robots.txt',
          status: 200,
          body: `User-agent: *\nCrawl-delay: ${value}\n`,
        },
        UA,
      ).crawlDelayMs;
    expect(delay('0.5')).toBe(500);
    expect(delay('60')).toBe(MAX_CRAWL_DELAY_MS);
  });

  it('allows everything without a robots.txt that answered 2xx', () => {
    for (const status of [404, 500, null]) {
      const robots = crawlRobots(
        {
          url: 'https://a.test/robots.txt',
          status,
          body: 'User-agent: *\nDisallow: /\n',
        },
        UA,
      );
      expect(robots.allows('https://a.test/x')).toBe(true);
      expect(robots.crawlDelayMs).toBe(0);
    }
  });
});
