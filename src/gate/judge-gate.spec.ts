import { gateConfigOf } from './assertions.js';
import { BaselineError, baselineOf } from './audit-export.js';
import { judgeGate } from './judge-gate.js';
import { gateAuditOf } from '../../test/support/gate-audits.js';

const SITE = 'https://example.com/';
const u = (path: string) => `https://example.com${path}`;

const config = (assertions: object) => gateConfigOf({ assertions }, 'test');

describe('judgeGate', () => {
  it('fails an error assertion over maxLength, names its pages sorted, and exits 1', () => {
    const verdict = judgeGate(
      gateAuditOf({ broken_link: [u('/b'), u('/a')], title: [u('/x')] }),
      config({
        broken_link: ['error', { maxLength: 1 }],
        title: ['warn', { maxLength: 0 }],
        h1: 'error',
        deep_page: 'off',
      }),
    );
    expect(
      verdict.outcomes.map((o) => [o.assertion.id, o.passed, o.pages]),
    ).toEqual([
      ['broken_link', false, [u('/a'), u('/b')]],
      ['title', false, [u('/x')]],
      ['h1', true, []],
    ]);
    expect(verdict.outcomes[0].message).toBe('2 pages, at most 1 page');
    expect(verdict.outcomes[0].check).toMatchObject({
      scope: 'site',
      importance: 'high',
    });
    expect(verdict).toMatchObject({ errors: 1, warnings: 1, exitCode: 1 });
  });

  it('counts a check split into a template finding and a page finding once, with the pages of both', () => {
    const audit = gateAuditOf({ image_alt: [u('/api/a'), u('/api/b')] });
    audit.issues = [
      { ...audit.issues[0], scope: 'template' },
      { id: 'image_alt', scope: 'page', urls: [u('/guide/x')] },
    ];
    const verdict = judgeGate(
      audit,
      config({ image_alt: ['error', { maxLength: 2 }] }),
    );
    expect(verdict.outcomes[0]).toMatchObject({
      passed: false,
      pages: [u('/api/a'), u('/api/b'), u('/guide/x')],
      check: { scope: 'template' },
    });
  });

  it('exits 0 when only warnings fail', () => {
    const verdict = judgeGate(
      gateAuditOf({ title: [u('/x')] }, { score: 40 }),
      config({ title: 'warn', site_score: ['warn', { minScore: 50 }] }),
    );
    expect(verdict).toMatchObject({ errors: 0, warnings: 2, exitCode: 0 });
    expect(verdict.outcomes[1].message).toBe('score 40, score at least 50');
  });

  it('fails a score assertion when the audit has no score', () => {
    const verdict = judgeGate(
      gateAuditOf({}, { score: null }),
      config({ site_score: ['error', { minScore: 0 }] }),
    );
    expect(verdict.exitCode).toBe(1);
  });

  describe('against a baseline', () => {
    const before = gateAuditOf(
      {
        broken_link: [u('/a'), u('/old')],
        duplicate_title: [u('/d1'), u('/d2')],
      },
      { id: 1, score: 70 },
    );
    const rules = config({
      broken_link: 'error',
      duplicate_title: 'error',
      site_score: ['error', { minScore: 80 }],
    });

    it('passes when the known issues are all there is, and tells what was fixed', () => {
      const verdict = judgeGate(
        gateAuditOf(
          { broken_link: [u('/a')], duplicate_title: [u('/d2'), u('/d1')] },
          { score: 72 },
        ),
        rules,
        before,
      );
      expect(verdict.exitCode).toBe(0);
      expect(verdict.outcomes[0]).toMatchObject({
        passed: true,
        added: [],
        fixed: [u('/old')],
        message: '0 new pages, at most 0 pages (1 in all, 1 fixed)',
      });
      expect(verdict.outcomes[2]).toMatchObject({
        passed: true,
        message: 'score 72, score at least 80 (baseline 70)',
      });
    });

    it('fails on one new page, and names only it', () => {
      const verdict = judgeGate(
        gateAuditOf({
          broken_link: [u('/a'), u('/old'), u('/new')],
          duplicate_title: [u('/d1'), u('/d2')],
        }),
        rules,
        before,
      );
      expect(verdict.exitCode).toBe(1);
      expect(verdict.outcomes[0]).toMatchObject({
        passed: false,
        pages: [u('/new')],
        added: [u('/new')],
      });
    });

    it('fails the score only when it is below minScore and has dropped', () => {
      const dropped = judgeGate(gateAuditOf({}, { score: 69 }), rules, before);
      expect(dropped.outcomes[2].passed).toBe(false);
    });

    it('refuses a baseline of another site', () => {
      expect(() =>
        judgeGate(
          gateAuditOf({}, { url: 'https://other.example/' }),
          rules,
          before,
        ),
      ).toThrow(BaselineError);
    });
  });
});

describe('baselineOf', () => {
  const exported = {
    audit: { id: 1, url: SITE, status: 'completed', score: 70 },
    issues: [{ id: 'broken_link', urls: [u('/a')] }],
  };

  it('takes an audit-site --json export', () => {
    expect(baselineOf(exported, 'before.json')).toBe(exported);
  });

  it.each([
    [null, /not an object/],
    [
      { ...exported, audit: { ...exported.audit, status: 'failed' } },
      /its status is failed/,
    ],
    [
      { ...exported, issues: [{ id: 'broken_link', pages: 1 }] },
      /issue broken_link lists no "urls"/,
    ],
    [{ audit: exported.audit }, /no "issues" list/],
  ])('refuses %j with a reason', (given, reason) => {
    expect(() => baselineOf(given, 'before.json')).toThrow(reason);
  });
});
