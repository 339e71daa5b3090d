import { AssertionsError, gateConfigOf, isPresetName } from './assertions.js';
import { SITE_CHECKS } from '../analysis/index.js';
import { PRESETS } from './presets.js';

const ids = (given: unknown) =>
  gateConfigOf(given, 'test').assertions.map((a) => `${a.id}:${a.level}`);

describe('gateConfigOf', () => {
  it('reads a preset by name, every entry of it an assertion', () => {
    expect(isPresetName('seo:recommended')).toBe(true);
    expect(isPresetName('seo:recommended.json')).toBe(false);
    const config = gateConfigOf('seo:recommended', '--assert');
    expect(config.preset).toBe('seo:recommended');
    expect(config.assertions).toHaveLength(
      Object.keys(PRESETS['seo:recommended']).length,
    );
    expect(config.assertions[0]).toEqual({
      kind: 'check',
      id: 'broken_link',
      level: 'error',
      maxLength: 0,
    });
  });

  it('builds the presets from the checks: every site check at the level it declares, and the page essentials', () => {
    const levels = Object.fromEntries(
      gateConfigOf('seo:recommended', 'test').assertions.map((a) => [
        a.id,
        a.level,
      ]),
    );
    expect(levels).toEqual({
      broken_link: 'error',
      redirect_loop: 'error',
      canonical_broken: 'error',
      duplicate_title: 'error',
      duplicate_description: 'warn',
      duplicate_content: 'warn',
      near_duplicate: 'warn',
      redirected_link: 'warn',
      redirect_chain: 'warn',
      canonical_redirect: 'warn',
      canonical_chain: 'warn',
      orphan_page: 'warn',
      sitemap_not_indexable: 'warn',
      hreflang_no_return: 'warn',
      hreflang_invalid_code: 'warn',
      hreflang_bad_target: 'warn',
      hreflang_no_self: 'warn',
      hreflang_conflict: 'warn',
      deep_page: 'warn',
      title: 'warn',
      meta_description: 'warn',
      h1: 'warn',
      structured_data_invalid: 'warn',
      rich_result_ineligible: 'warn',
      accessibility_violations: 'warn',
      site_score: 'warn',
    });
    // In this order, the outputs' too: the errors, the most important first; the warnings.
    expect(Object.keys(levels)).toEqual([
      'broken_link',
      'redirect_loop',
      'canonical_broken',
      'duplicate_title',
      'duplicate_description',
      'duplicate_content',
      'near_duplicate',
      'redirected_link',
      'redirect_chain',
      'canonical_redirect',
      'canonical_chain',
      'orphan_page',
      'sitemap_not_indexable',
      'hreflang_no_return',
      'hreflang_invalid_code',
      'hreflang_bad_target',
      'hreflang_no_self',
      'hreflang_conflict',
      'deep_page',
      'title',
      'meta_description',
      'h1',
      'structured_data_invalid',
      'rich_result_ineligible',
      'accessibility_violations',
      'site_score',
    ]);
    for (const check of SITE_CHECKS) {
      expect(PRESETS['seo:recommended'][check.id]).toEqual([
        check.gate,
        { maxLength: 0 },
      ]);
      expect(PRESETS['seo:strict'][check.id]).toEqual([
        'error',
        { maxLength: 0 },
      ]);
    }
  });

  it('makes every assertion of the strict preset an error', () => {
    const { assertions } = gateConfigOf('seo:strict', '--assert');
    expect(assertions.every((a) => a.level === 'error')).toBe(true);
    expect(assertions.find((a) => a.id === 'site_score')).toEqual({
      kind: 'score',
      id: 'site_score',
      level: 'error',
      minScore: 80,
    });
  });

  it('lets a file replace a preset’s entries whole and add its own, as Lighthouse CI does', () => {
    const config = gateConfigOf(
      {
        preset: 'seo:recommended',
        assertions: {
          duplicate_title: 'warn',
          deep_page: 'off',
          image_alt: ['error', { maxLength: 3 }],
          site_score: ['error', { minScore: 90 }],
        },
      },
      'gate.json',
    );
    const byId = new Map(config.assertions.map((a) => [a.id, a]));
    expect(byId.get('duplicate_title')).toMatchObject({
      level: 'warn',
      maxLength: 0,
    });
    expect(byId.get('deep_page')?.level).toBe('off');
    expect(byId.get('image_alt')).toMatchObject({
      level: 'error',
      maxLength: 3,
    });
    expect(byId.get('site_score')).toMatchObject({ minScore: 90 });
    expect(ids({ assertions: { title: 'error' } })).toEqual(['title:error']);
  });

  it.each([
    ['seo:lax', /no preset "seo:lax"/],
    [[], /expected an object/],
    [{}, /no assertions/],
    [{ assertion: {} }, /unknown key "assertion"/],
    [{ assertions: { nope: 'error' } }, /assertion "nope": no such check/],
    [
      { assertions: { title: 'fail' } },
      /the level must be "off", "warn" or "error"/,
    ],
    [
      { assertions: { title: ['error', { maxLength: -1 }] } },
      /"maxLength" must be a whole number/,
    ],
    [
      { assertions: { title: ['error', { minScore: 3 }] } },
      /unknown option "minScore"/,
    ],
    [{ assertions: { site_score: 'error' } }, /needs "minScore"/],
    [
      { assertions: { site_score: ['warn', { minScore: 101 }] } },
      /needs "minScore"/,
    ],
    [{ assertions: { title: ['error', {}, 1] } }, /expected "<level>" or/],
  ])('refuses %j with a reason', (given, reason) => {
    expect(() => gateConfigOf(given, 'gate.json')).toThrow(AssertionsError);
    expect(() => gateConfigOf(given, 'gate.json')).toThrow(reason);
  });
});
