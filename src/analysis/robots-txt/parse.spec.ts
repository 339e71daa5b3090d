import {
  agentRules,
  decodeRobotsTxt,
  escapePattern,
  matchedPath,
  parseRobotsTxt,
  productToken,
  ROBOTS_TXT_MAX_BYTES,
  robotsAllows,
  robotsTxtLine,
  robotsVerdict,
} from './index.js';

/** The rules `agent` obeys, without regard to origin. */
function rulesOf(body: string | Uint8Array, agent: string) {
  return agentRules(parseRobotsTxt(body), agent, null);
}

function allows(body: string | Uint8Array, agent: string, url: string) {
  return robotsAllows(rulesOf(body, agent), url);
}

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...new TextEncoder().encode(part)] : part,
    ),
  );

describe('reading a robots.txt', () => {
  it('numbers lines alike whether they end with LF, CRLF, CR or a mix (robots_test.cc)', () => {
    const files = [
      'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n',
      'User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n',
      'User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r',
      'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /',
      'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /',
    ];
    for (const file of files) {
      expect(parseRobotsTxt(file).groups).toEqual([
        {
          userAgents: ['foo'],
          rules: [{ allow: true, pattern: '/some/path', line: 2 }],
          crawlDelaySeconds: null,
        },
        {
          userAgents: ['bar'],
          rules: [{ allow: false, pattern: '/', line: 6 }],
          crawlDelaySeconds: null,
        },
      ]);
      expect(robotsTxtLine(file, 6)).toBe('Disallow: /');
    }
  });

  it('skips a byte order mark at the start, whole or begun, and nowhere else (robots_test.cc)', () => {
    const group = [
      {
        userAgents: ['foo'],
        rules: [{ allow: true, pattern: '/AnyValue', line: 2 }],
        crawlDelaySeconds: null,
      },
    ];
    const rest = 'User-Agent: foo\nAllow: /AnyValue\n';
    for (const bom of [[0xef, 0xbb, 0xbf], [0xef, 0xbb], [0xef]]) {
      expect(parseRobotsTxt(bytes(bom, rest)).groups).toEqual(group);
      expect(parseRobotsTxt(decodeRobotsTxt(bytes(bom, rest))).groups).toEqual(
        group,
      );
    }
    expect(parseRobotsTxt(`\uFEFF${rest}`).groups).toEqual(group);
    // A broken mark makes the first line garbage: the Allow then belongs to no group.
    expect(parseRobotsTxt(bytes([0xef, 0x11, 0xbf], rest)).groups).toEqual([]);
    expect(
      parseRobotsTxt(
        bytes('User-Agent: foo\n', [0xef, 0xbb, 0xbf], 'Allow: /AnyValue\n'),
      ).groups[0].rules,
    ).toEqual([]);
  });

  it('takes a line without its colon when it is two words, and the typos Google accepts', () => {
    expect(
      allows('user-agent FooBot\ndisallow /\n', 'FooBot', 'http://a.test/x'),
    ).toBe(false);
    // Three words: not a directive.
    expect(
      allows('user-agent FooBot\ndisallow / x\n', 'FooBot', 'http://a.test/x'),
    ).toBe(true);
    for (const key of [
      'Disallow',
      'dissallow',
      'DISSALOW',
      'disalow',
      'diasllow',
      'disallaw',
    ]) {
      expect(
        allows(`useragent: FooBot\n${key}: /\n`, 'FooBot', 'http://a.test/x'),
      ).toBe(false);
    }
    expect(
      allows('user agent: FooBot\ndisallow: /\n', 'FooBot', 'http://a.test/x'),
    ).toBe(false);
    // Keys are matched by their start, as Google does.
    expect(
      allows(
        'User-agents: FooBot\nDisallowed: /\n',
        'FooBot',
        'http://a.test/x',
      ),
    ).toBe(false);
    expect(allows('foo: FooBot\nbar: /\n', 'FooBot', 'http://a.test/x')).toBe(
      true,
    );
    // No typo is accepted for allow.
    expect(
      allows(
        'User-agent: *\nDisallow: /\nAlow: /x\n',
        'FooBot',
        'http://a.test/x',
      ),
    ).toBe(false);
  });

  it('ignores what follows # and what lies past the line cap (robots_test.cc GoogleOnly_LineTooLong)', () => {
    const maxLine = 2083 * 8;
    const disallow = 'disallow: ';
    let long = '/x/';
    while (long.length < maxLine - '/x/'.length - disallow.length + 1)
      long += 'a';
    const cut = `user-agent: FooBot\n${disallow}${long}/qux\n`;
    expect(allows(cut, 'FooBot', 'http://foo.bar/fux')).toBe(true);
    expect(allows(cut, 'FooBot', `http://foo.bar${long}/fux`)).toBe(false);

    const allow = 'allow: ';
    let longA = '/x/';
    let longB = '/x/';
    while (longA.length < maxLine - '/x/'.length - allow.length + 1) {
      longA += 'a';
      longB += 'b';
    }
    const two = `user-agent: FooBot\ndisallow: /\n${allow}${longA}/qux\n${allow}${longB}/qux\n`;
    expect(allows(two, 'FooBot', 'http://foo.bar/')).toBe(false);
    expect(allows(two, 'FooBot', `http://foo.bar${longA}/qux`)).toBe(true);
    expect(allows(two, 'FooBot', `http://foo.bar${longB}/fux`)).toBe(true);

    expect(
      allows('User-agent: *\nDisallow: /a#/b\n', 'x', 'http://a.test/a'),
    ).toBe(false);
    expect(
      allows('User-agent: *\nDisallow: /a#/b\n', 'x', 'http://a.test/b'),
    ).toBe(true);
  });

  it(`reads the first ${ROBOTS_TXT_MAX_BYTES} bytes and ignores the rest`, () => {
    const head = 'User-agent: *\nDisallow: /first\n';
    const padding = '#'.repeat(ROBOTS_TXT_MAX_BYTES - head.length - 1) + '\n';
    const body = `${head}${padding}Disallow: /beyond\n`;
    expect(allows(body, 'x', 'http://a.test/first')).toBe(false);
    expect(allows(body, 'x', 'http://a.test/beyond')).toBe(true);
    expect(allows(bytes(body), 'x', 'http://a.test/beyond')).toBe(true);
  });

  it('reads Sitemap lines anywhere, and site-map too (robots_test.cc)', () => {
    const groups = 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n';
    const sitemap = 'Sitemap: http://foo.bar/sitemap.xml\n';
    expect(parseRobotsTxt(groups + sitemap).sitemaps).toEqual([
      'http://foo.bar/sitemap.xml',
    ]);
    expect(
      parseRobotsTxt(`${sitemap}${groups}Site-map: https://foo.bar/été.xml`)
        .sitemaps,
    ).toEqual(['http://foo.bar/sitemap.xml', 'https://foo.bar/été.xml']);
  });

  it('keeps the largest Crawl-delay of the groups the agent obeys, in seconds', () => {
    const body =
      'User-agent: a\nCrawl-delay: 2\nDisallow: /x\n\nUser-agent: *\nDisallow: /y\nCrawl-delay: 0.5\n\n' +
      'User-agent: a\nDisallow: /z\nCrawl-delay: 7\nCrawl-delay: soon\n';
    expect(rulesOf(body, 'a').crawlDelaySeconds).toBe(7);
    expect(rulesOf(body, 'b').crawlDelaySeconds).toBe(0.5);
    expect(
      rulesOf('User-agent: *\nDisallow: /\n', 'b').crawlDelaySeconds,
    ).toBeNull();
  });

  it('lets Sitemap, Crawl-delay and unknown lines leave a group open, as Google does', () => {
    const body =
      'User-agent: a\nCrawl-delay: 1\nSitemap: /s.xml\nHost: a.test\nUser-agent: b\nDisallow: /\n';
    expect(
      parseRobotsTxt(body).groups.map((group) => group.userAgents),
    ).toEqual([['a', 'b']]);
    expect(allows(body, 'a', 'http://a.test/x')).toBe(false);
  });
});

describe('user agents', () => {
  it("takes a User-Agent's product token as Google does (robots_test.cc)", () => {
    expect(
      productToken('ReportServiceBot/0.1 (+https://example.com/bot)'),
    ).toBe('ReportServiceBot');
    for (const token of ['Foobot', 'Foobot-Bar', 'Foo_Bar']) {
      expect(productToken(token)).toBe(token);
    }
    expect(productToken('Foobot*')).toBe('Foobot');
    expect(productToken('Foobot Bar')).toBe('Foobot');
    expect(productToken(' Foobot ')).toBe('');
    expect(productToken('ツ')).toBe('');
  });

  it('obeys the groups naming the agent, all of them, else the * groups, else nothing', () => {
    const body =
      'User-agent: *\nDisallow: /\n\nUser-agent: FooBot/2.1 (compatible)\nDisallow: /a\n\n' +
      'User-agent: * something\nDisallow: /star\n\nUser-agent: foobot\nDisallow: /b\n';
    expect(rulesOf(body, 'FOOBOT').rules.map((rule) => rule.pattern)).toEqual([
      '/a',
      '/b',
    ]);
    expect(rulesOf(body, 'BarBot').rules.map((rule) => rule.pattern)).toEqual([
      '/',
      '/star',
    ]);
    expect(rulesOf(body, '*').rules.map((rule) => rule.pattern)).toEqual([
      '/',
      '/star',
    ]);
    expect(
      rulesOf('User-agent: FooBot\nDisallow: /\n', 'BarBot').rules,
    ).toEqual([]);
  });

  it('lets a group naming the agent without rules allow everything, whatever * says', () => {
    expect(
      allows(
        'User-agent: *\nDisallow: /\nUser-agent: FooBot\n',
        'FooBot',
        'http://a.test/x',
      ),
    ).toBe(true);
  });
});

describe('what is matched of a URL', () => {
  it('is its path and query, percent-encoded, without the fragment (robots_test.cc GetPathParamsQuery)', () => {
    const cases: [string, string][] = [
      ['http://www.example.com', '/'],
      ['http://www.example.com/', '/'],
      ['http://www.example.com/a', '/a'],
      ['http://www.example.com/a/', '/a/'],
      ['http://www.example.com/a/b?c=http://d.e/', '/a/b?c=http://d.e/'],
      ['http://www.example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
      ['http://www.example.com/a;b#c', '/a;b'],
      ['http://www.example.com/a?', '/a?'],
      ['http://www.example.com/a?#b', '/a?'],
      ['http://www.example.com/été?q=ü', '/%C3%A9t%C3%A9?q=%C3%BC'],
    ];
    for (const [url, path] of cases) expect(matchedPath(url)?.path).toBe(path);
    // Google's test also takes URLs without a scheme ("example.com/a"); the crawler never asks with one.
    expect(matchedPath('example.com/a')).toBeNull();
  });

  it('escapes patterns as Google does (robots_test.cc MaybeEscapePattern)', () => {
    expect(escapePattern('http://www.example.com')).toBe(
      'http://www.example.com',
    );
    expect(escapePattern('/a/b/c')).toBe('/a/b/c');
    expect(escapePattern('á')).toBe('%C3%A1');
    expect(escapePattern('%aa')).toBe('%AA');
    expect(escapePattern('%a')).toBe('%a');
    expect(escapePattern('/%7e%2F')).toBe('/%7E%2F');
  });

  it('leaves URLs of another origin to their own robots.txt', () => {
    const rules = agentRules(
      parseRobotsTxt('User-agent: *\nDisallow: /\n'),
      '*',
      'https://a.test',
    );
    expect(robotsAllows(rules, 'https://a.test/x')).toBe(false);
    expect(robotsAllows(rules, 'https://A.TEST:443/x')).toBe(false);
    expect(robotsAllows(rules, 'http://a.test/x')).toBe(true);
    expect(robotsAllows(rules, 'https://b.test/x')).toBe(true);
    expect(robotsAllows(rules, 'not a url')).toBe(true);
  });
});

describe('the rules one agent obeys', () => {
  it('are plain data: a structured clone decides as the original', () => {
    const rules = rulesOf(
      'User-agent: *\nDisallow: /*.pdf$\nAllow: /docs/index.html\nDisallow: /docs/\nCrawl-delay: 3\n',
      'x',
    );
    const clone = structuredClone(rules);
    expect(clone).toEqual(rules);
    for (const url of [
      'http://a.test/a.pdf',
      'http://a.test/a.pdf?x',
      'http://a.test/docs/',
      'http://a.test/docs/x',
      'http://a.test/docs/index.html',
    ]) {
      expect(robotsVerdict(clone, url)).toEqual(robotsVerdict(rules, url));
    }
  });

  it('name the rule that decided, with its line', () => {
    const body = 'User-agent: *\nDisallow: /private\nAllow: /private/open\n';
    const rules = rulesOf(body, 'x');
    expect(robotsVerdict(rules, 'http://a.test/private/x')).toEqual({
      allowed: false,
      rule: { allow: false, pattern: '/private', line: 2 },
    });
    expect(robotsVerdict(rules, 'http://a.test/private/open')).toEqual({
      allowed: true,
      rule: { allow: true, pattern: '/private/open', line: 3 },
    });
    expect(robotsVerdict(rules, 'http://a.test/public')).toEqual({
      allowed: true,
      rule: null,
    });
  });
});
