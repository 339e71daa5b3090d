import { robotsAllows } from '../robots-txt/index.js';
import {
  crawlDelayMsOf,
  crawlRobots,
  crawlRobotsRules,
  MAX_CRAWL_DELAY_MS,
} from './crawl-robots.js';

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

  it('reads robots.txt as Googlebot does: product tokens, forgotten colons, typos, index.html', () => {
    const robots = crawlRobots(
      {
        url: 'https://a.test/robots.txt',
        status: 200,
        body:
          'User-agent: *\nDisallow: /\n\n' +
          'user-agent ReportServiceBot/2.0\ndissallow /private\n' +
          'Allow: /docs/index.html\nDisallow: /docs/\nDisallow: /*.pdf$\nDisallow: /caf%c3%a9\n',
      },
      UA,
    );
    expect(robots.allows('https://a.test/public')).toBe(true);
    expect(robots.allows('https://a.test/private/x')).toBe(false);
    expect(robots.allows('https://a.test/docs/')).toBe(true);
    expect(robots.allows('https://a.test/docs/other')).toBe(false);
    expect(robots.allows('https://a.test/a.pdf')).toBe(false);
    expect(robots.allows('https://a.test/a.pdf?page=2')).toBe(true);
    expect(robots.allows('https://a.test/café')).toBe(false);
    // Another origin is not this robots.txt's to judge.
    expect(robots.allows('https://b.test/private/x')).toBe(true);
  });

  it('gives its rules as plain data a worker thread can be handed', () => {
    const fetched = {
      url: 'https://a.test/robots.txt',
      status: 200,
      body: 'User-agent: *\nDisallow: /*?sort=\nCrawl-delay: 2.5\n',
    };
    const rules = structuredClone(crawlRobotsRules(fetched, UA));
    expect(robotsAllows(rules, 'https://a.test/list?sort=asc')).toBe(false);
    expect(robotsAllows(rules, 'https://a.test/list?page=2')).toBe(true);
    expect(crawlDelayMsOf(rules)).toBe(2500);
    expect(crawlRobots(fetched, UA).crawlDelayMs).toBe(2500);
  });
});
