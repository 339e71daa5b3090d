import {
  auditDocumentOf,
  findingOf,
  NO_BRANDING,
} from '../../../test/support/audit-documents.js';
import { PRODUCT_NAME } from './print-frame.js';
import { APPENDIX_PAGES, siteAuditPrint } from './site-audit-print.js';

/** The text of an HTML document, tags dropped, white space folded. */
function textOf(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('the printed site audit', () => {
  const findings = [
    findingOf('broken_link', {
      pages: 3,
      priority: 40,
      importance: 'high',
      scope: 'site',
      category: 'site',
    }),
    findingOf('title', { pages: 120, priority: 35 }),
    findingOf('meta_description', { pages: 60, priority: 30 }),
    findingOf('h1', { pages: 5, priority: 25 }),
    findingOf('image_alt', { pages: 4, priority: 22 }),
    findingOf('social_tags', { pages: 2, priority: 12, importance: 'low' }),
  ];

  it('names the five problems that matter most in the summary, in priority order', () => {
    const text = textOf(siteAuditPrint(auditDocumentOf({ findings })));
    const summary = text.slice(
      text.indexOf('Summary'),
      text.indexOf('Findings'),
    );
    const places = findings
      .slice(0, 5)
      .map((finding) => summary.indexOf(finding.title));
    expect(places.every((place) => place > 0)).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    expect(summary).not.toContain('Title of social_tags');
  });

  it('gives every finding its advice, why it matters and its reach', () => {
    const text = textOf(siteAuditPrint(auditDocumentOf({ findings })));
    for (const finding of findings) {
      expect(text).toContain(`How to fix it. ${finding.advice}`);
    }
    expect(text).toContain('Why it matters.');
    expect(text).toContain('120 pages');
  });

  it('caps the appendix and says how many more pages the CSV has', () => {
    const text = textOf(siteAuditPrint(auditDocumentOf({ findings })));
    expect(text).toContain(
      `and ${120 - APPENDIX_PAGES} more pages: see the CSV export.`,
    );
    expect(text).toContain('site-audit-12-issues.csv');
  });

  it('says the trend against the previous audit, or that there is none yet', () => {
    const first = textOf(siteAuditPrint(auditDocumentOf()));
    expect(first).toContain('This is the first completed audit of this site');
    const second = textOf(
      siteAuditPrint(
        auditDocumentOf({
          previous: {
            id: 11,
            finished_at: '2026-11-01T10:00:00.000Z',
            score: 69,
            changes: [
              {
                type: 'issue_fixed',
                check_id: 'title',
                pages: 7,
                items: [
                  { url: 'https://example.com/a', before: null, after: null },
                ],
              },
            ],
          },
        }),
      ),
    );
    expect(second).toContain(
      'That is 5 points more than on 1 November 2026 (69).',
    );
    expect(second).toContain('issue fixed');
  });

  it("stands in the account's name, and names the product only when asked", () => {
    const plain = siteAuditPrint(auditDocumentOf());
    expect(textOf(plain)).toContain(NO_BRANDING.name);
    expect(plain).not.toContain(PRODUCT_NAME);
    expect(plain.toLowerCase()).not.toContain('report-service');
  });

  it('escapes what came from the site and references nothing outside itself', () => {
    const hostile = findingOf('title', {
      pages: 1,
      urls: ['https://example.com/"><img src="https://tracker.test/x.png">'],
    });
    const html = siteAuditPrint(
      auditDocumentOf({
        findings: [hostile],
        branding: {
          ...NO_BRANDING,
          name: '<script>alert(1)</script>',
          logo: {
            mediaType: 'image/png',
            dataUri: 'data:image/png;base64,iVBORw0KGgo=',
          },
        },
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src="https://tracker.test');
    const references = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map(
      (m) => m[1],
    );
    expect(references.length).toBeGreaterThan(0);
    expect(
      references.every((ref) => ref.startsWith('data:') || ref.startsWith('#')),
    ).toBe(true);
  });
});
