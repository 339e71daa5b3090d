import { SITE_CHECKS } from '../../src/analysis/site/registry.js';
import { expectedSiteChecks, generateSite } from './generated-site.js';

describe('the generated site of the site-audit bench', () => {
  it('requests exactly the pages asked for, the same site every time', () => {
    const site = generateSite(500);
    expect(site.requested).toBe(500);
    expect([...generateSite(500).resources.keys()]).toEqual([
      ...site.resources.keys(),
    ]);
  });

  it('seeds every site check, so precision and recall can be measured for each', () => {
    const truth = expectedSiteChecks(generateSite(500));
    for (const check of SITE_CHECKS) {
      expect({
        check: check.id,
        seeded: (truth[check.id]?.size ?? 0) > 0,
      }).toEqual({ check: check.id, seeded: true });
    }
    expect(Object.keys(truth).sort()).toEqual(
      SITE_CHECKS.map((check) => check.id).sort(),
    );
  });

  it('keeps its controls unflagged: a noindex copy, short copies, a noindex orphan, an answered hreflang', () => {
    const truth = expectedSiteChecks(generateSite(500));
    expect([...truth.duplicate_content]).toEqual(['/copy/0/a', '/copy/0/b']);
    expect([...truth.near_duplicate]).toEqual(['/near/0/a', '/near/0/b']);
    expect(truth.duplicate_title.size).toBe(3);
    expect(truth.orphan_page.has('/orphan-noindex/0')).toBe(false);
    expect(truth.sitemap_not_indexable.has('/orphan-noindex/0')).toBe(true);
    expect(truth.sitemap_not_indexable.has('/files/0.pdf')).toBe(false);
    expect(truth.hreflang_no_return.size).toBe(1);
    // Each hreflang defect on its own page, and on no other.
    expect([...truth.hreflang_invalid_code]).toEqual(['/intl/0/es']);
    expect([...truth.hreflang_bad_target]).toEqual(['/intl/0/it']);
    expect([...truth.hreflang_no_self]).toEqual(['/intl/0/nl']);
    expect([...truth.hreflang_conflict]).toEqual(['/intl/0/pt']);
    expect(truth.redirect_chain.has('/chain/0/2')).toBe(false);
  });

  it('puts most of 10,000 pages more than 4 clicks deep', () => {
    const truth = expectedSiteChecks(generateSite(10_000));
    expect(truth.deep_page.size).toBeGreaterThan(5_000);
  });
});
