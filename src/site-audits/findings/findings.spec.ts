import { CHECKS } from '../../analysis/index.js';
import {
  findingsOf,
  KNOWN_CHECK_IDS,
  nearestCheckIds,
  priorityOf,
  unknownCheckIdMessage,
} from './findings.js';

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

describe('priorityOf', () => {
  it('grows with the reach of a page or site finding, not of a host fact', () => {
    expect(priorityOf('high', 'site', 1, 100)).toBe(31);
    expect(priorityOf('high', 'site', 100, 100)).toBe(60);
    expect(priorityOf('high', 'host', 100, 100)).toBe(15);
    expect(priorityOf('low', 'template', 100, 100)).toBe(5);
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
