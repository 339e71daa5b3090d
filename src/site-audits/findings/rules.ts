/**
 * The check that stands for the rules of another tool (axe-core's accessibility rules):
 * outputs name each rule with its pages, as SARIF names each rule a linter runs.
 */
export const RULED_CHECK = 'accessibility_violations';

/** One rule a ruled check's pages break, with those pages' URLs. */
export interface FindingRule {
  rule: string;
  urls: string[];
}

/** Each rule with only the given pages that break it, in the rules' order; rules none breaks left out. */
export function rulesOfPages(
  rules: readonly FindingRule[],
  pages: Iterable<string>,
): FindingRule[] {
  const wanted = new Set(pages);
  return rules
    .map(({ rule, urls }) => ({
      rule,
      urls: urls.filter((url) => wanted.has(url)),
    }))
    .filter((rule) => rule.urls.length > 0);
}
