import { CHECKS } from '../checks/registry.js';
import { SITE_CHECKS } from './registry.js';

/** The contract's table of site checks (SITE-AUDIT.md), in its order, with the importance chosen for each. */
const TABLE = [
  ['duplicate_title', 'medium', 'every page of a group'],
  ['duplicate_description', 'medium', 'every page of a group'],
  ['duplicate_content', 'medium', 'every page of a group'],
  ['near_duplicate', 'low', 'every page of a group'],
  ['broken_link', 'high', 'the linking page'],
  ['redirected_link', 'low', 'the linking page'],
  ['redirect_chain', 'medium', 'the first URL'],
  ['redirect_loop', 'high', 'every URL of the loop'],
  ['canonical_broken', 'high', 'the page'],
  ['canonical_redirect', 'medium', 'the page'],
  ['canonical_chain', 'medium', 'the page'],
  ['orphan_page', 'medium', 'the page'],
  ['sitemap_not_indexable', 'medium', 'the page'],
  ['hreflang_no_return', 'medium', 'the page'],
  ['hreflang_invalid_code', 'medium', 'the page'],
  ['hreflang_bad_target', 'medium', 'the page'],
  ['hreflang_no_self', 'low', 'the page'],
  ['hreflang_conflict', 'medium', 'the page'],
  ['deep_page', 'low', 'the page'],
];

describe('the site check registry', () => {
  it("holds exactly the 19 site checks of the contract, in its table's order, with their affected page", () => {
    expect(
      SITE_CHECKS.map((check) => [
        check.id,
        check.importance,
        check.affectedPage,
      ]),
    ).toEqual(TABLE);
  });

  it('has unique ids, none of them the id of a page check', () => {
    const ids = SITE_CHECKS.map((check) => check.id);
    expect(new Set(ids).size).toBe(SITE_CHECKS.length);
    const pageCheckIds = new Set(CHECKS.map((check) => check.id));
    expect(ids.filter((id) => pageCheckIds.has(id))).toEqual([]);
  });

  it('gives every check an id that is an anchor, a title, and what the catalogue says of it', () => {
    const sentences = (text: string) =>
      text.split(/(?<=[.!?])\s+(?=[A-Z`])/).length;
    for (const check of SITE_CHECKS) {
      // The id rides along so that a failure names the check.
      expect({
        id: check.id,
        anchor: /^[a-z][a-z0-9_]*$/.test(check.id),
        title: check.title.trim() !== '',
        affectsWhenOneSentence:
          check.affectsWhen.endsWith('.') && sentences(check.affectsWhen) === 1,
        adviceOfOneOrTwoSentences:
          check.advice.endsWith('.') &&
          sentences(check.advice) <= 2 &&
          check.advice.length <= 300,
      }).toEqual({
        id: check.id,
        anchor: true,
        title: true,
        affectsWhenOneSentence: true,
        adviceOfOneOrTwoSentences: true,
      });
    }
  });
});
