import { CHECKS } from '../../analysis/index.js';
import {
  findingsOf,
  KNOWN_CHECK_IDS,
  nearestCheckIds,
  priorityOf,
  templateIssuesOf,
  unknownCheckIdMessage,
} from './findings.js';
import type { AuditTemplate } from './findings.js';

describe('findingsOf', () => {
  // A documentation tree of 100 HTML pages over plain HTTP, as issue 30 met them.
  const findings = findingsOf(
    {
      https: 100,
      text_compression: 100,
      content_security_policy: 100,
      inline_css: 95,
      h1: 100,
      seo_friendly_url: 40,
      broken_link: 3,
      duplicate_title: 2,
      image_alt: 1,
    },
    100,
  );
  const byId = new Map(findings.map((finding) => [finding.id, finding]));

  it('reports a fact about the host as the host’s, once', () => {
    for (const id of ['https', 'text_compression', 'content_security_policy']) {
      expect(byId.get(id)).toMatchObject({ scope: 'host', pages: 100 });
    }
  });

  it('takes a page check failing on 90% of the HTML pages or more as the template’s', () => {
    expect(byId.get('inline_css')).toMatchObject({
      scope: 'template',
      pages: 95,
    });
    expect(byId.get('h1')?.scope).toBe('template');
    expect(byId.get('seo_friendly_url')?.scope).toBe('page');
    expect(byId.get('image_alt')?.scope).toBe('page');
  });

  it('keeps the cross-page checks as the site’s', () => {
    expect(byId.get('broken_link')?.scope).toBe('site');
    expect(byId.get('duplicate_title')?.scope).toBe('site');
  });

  it('ranks broken links and duplicate titles above every host or template fact, and above every low-importance finding', () => {
    const rank = (id: string) => findings.findIndex((f) => f.id === id);
    for (const real of ['broken_link', 'duplicate_title']) {
      for (const finding of findings) {
        if (
          finding.importance === 'low' ||
          finding.scope === 'host' ||
          finding.scope === 'template'
        ) {
          expect(rank(real)).toBeLessThan(rank(finding.id));
        }
      }
    }
    expect(findings.map((f) => f.priority)).toEqual(
      [...findings.map((f) => f.priority)].sort((a, b) => b - a),
    );
  });

  it('carries the catalogue’s advice', () => {
    const https = CHECKS.find((check) => check.id === 'https')!;
    expect(byId.get('https')?.advice).toBe(https.advice);
  });

  it('needs 3 pages for a template: two pages are no template', () => {
    expect(findingsOf({ inline_css: 2 }, 2)[0].scope).toBe('page');
    expect(findingsOf({ inline_css: 3 }, 3)[0].scope).toBe('template');
  });
});

describe('findings by template', () => {
  // Four layouts: 30 guide pages, 20 API reference pages, a section index and the home.
  const templates: AuditTemplate[] = [
    {
      ordinal: 1,
      name: '/guide/{slug}',
      pattern: '/guide/{slug}',
      pageCount: 30,
    },
    { ordinal: 2, name: '/api/{slug}', pattern: '/api/{slug}', pageCount: 20 },
    { ordinal: 3, name: '/guide', pattern: '/guide', pageCount: 1 },
    { ordinal: 4, name: '/', pattern: '/', pageCount: 1 },
  ];
  const judged = (
    failing: Array<[number, Record<string, number>]>,
    extra: Record<string, number> = {},
  ) => {
    const issues: Record<string, number> = { ...extra };
    for (const [, counts] of failing) {
      for (const [id, n] of Object.entries(counts)) {
        issues[id] = (issues[id] ?? 0) + n;
      }
    }
    const byTemplate = {
      issues: templateIssuesOf(new Map(failing), templates, issues, 52),
      templates,
    };
    return findingsOf(issues, 52, byTemplate);
  };

  it('names the one template whose every page fails, with its count, and leaves no page finding of them', () => {
    const findings = judged([[2, { image_alt: 20 }]]);
    expect(findings).toEqual([
      expect.objectContaining({
        id: 'image_alt',
        scope: 'template',
        pages: 20,
        templates: [
          {
            id: 2,
            name: '/api/{slug}',
            pattern: '/api/{slug}',
            pages: 20,
            failing: 20,
          },
        ],
      }),
    ]);
  });

  it('keeps a page finding for the same defect on a few pages of another template', () => {
    const findings = judged([
      [2, { image_alt: 20 }],
      [1, { image_alt: 2 }],
    ]);
    expect(findings.map((f) => [f.id, f.scope, f.pages])).toEqual([
      ['image_alt', 'page', 2],
      ['image_alt', 'template', 20],
    ]);
    expect(findings[0].templates).toEqual([]);
  });

  it('names each template that has it, with its count, in one finding', () => {
    const findings = judged([
      [1, { image_alt: 27 }],
      [2, { image_alt: 20 }],
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0].scope).toBe('template');
    // 27 of 30 is 90%: the guide template's too.
    expect(findings[0].templates.map((t) => [t.name, t.failing])).toEqual([
      ['/guide/{slug}', 27],
      ['/api/{slug}', 20],
    ]);
  });

  it('takes a defect on 90% of all pages as the shared layout’s, naming every template it is on', () => {
    const findings = judged([
      [1, { h1: 30 }],
      [2, { h1: 18 }],
      [4, { h1: 1 }],
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ scope: 'template', pages: 49 });
    expect(findings[0].templates.map((t) => t.id)).toEqual([1, 2, 4]);
  });

  it('needs 90% of the template and 3 pages: below either, the pages are a page finding', () => {
    expect(judged([[1, { image_alt: 26 }]])[0].scope).toBe('page'); // 87%
    const small: AuditTemplate[] = [
      { ordinal: 1, name: '/a/{slug}', pattern: '/a/{slug}', pageCount: 2 },
    ];
    const issues = templateIssuesOf(
      new Map([[1, { image_alt: 2 }]]),
      small,
      { image_alt: 2 },
      10,
    );
    expect(issues).toEqual({});
  });

  it('never takes a host or site check as a template’s', () => {
    const findings = judged([[2, { https: 20, duplicate_title: 20 }]], {
      https: 32,
      duplicate_title: 32,
    });
    expect(findings.map((f) => f.scope).sort()).toEqual(['host', 'site']);
  });

  it('ranks a template finding below the real problems and above scattered low defects', () => {
    const findings = judged(
      [
        [2, { image_alt: 20 }],
        [1, { seo_friendly_url: 3 }],
      ],
      { broken_link: 1, duplicate_title: 2 },
    );
    const order = findings.map((f) => f.id);
    expect(order.indexOf('broken_link')).toBeLessThan(
      order.indexOf('image_alt'),
    );
    expect(order.indexOf('duplicate_title')).toBeLessThan(
      order.indexOf('image_alt'),
    );
    expect(order.indexOf('image_alt')).toBeLessThan(
      order.indexOf('seo_friendly_url'),
    );
  });
});

describe('priorityOf', () => {
  it('grows with the reach of a page or site finding, not of a host fact', () => {
    expect(priorityOf('high', 'site', 1, 100)).toBe(31);
    expect(priorityOf('high', 'site', 100, 100)).toBe(60);
    expect(priorityOf('high', 'host', 100, 100)).toBe(15);
    expect(priorityOf('low', 'template', 100, 100)).toBe(13);
    expect(priorityOf('high', 'template', 3, 100)).toBe(19);
    expect(priorityOf('low', 'page', 100, 100)).toBe(20);
    expect(priorityOf('medium', 'page', 0, 0)).toBe(20);
  });
});

describe('KNOWN_CHECK_IDS', () => {
  it('holds every page and site check id, sorted', () => {
    expect(KNOWN_CHECK_IDS).toContain('broken_link');
    expect(KNOWN_CHECK_IDS).toContain('broken_links');
    expect(KNOWN_CHECK_IDS).toEqual([...KNOWN_CHECK_IDS].sort());
  });
});

describe('unknownCheckIdMessage', () => {
  it('names the nearest check ids, then every one', () => {
    const message = unknownCheckIdMessage('issue', 'brokn_link');
    expect(message).toMatch(
      /"brokn_link" is none\. Did you mean "broken_link"\?/,
    );
    for (const id of KNOWN_CHECK_IDS) expect(message).toContain(id);
    expect(nearestCheckIds('broken_linkz')).toEqual([
      'broken_link',
      'broken_links',
    ]);
    expect(unknownCheckIdMessage('issue', 'zzzzzzzzzz')).not.toContain(
      'Did you mean',
    );
  });
});
