import type { Importance } from '../../analysis/index.js';

/** Why a finding matters, in plain words, by what its check looks at. */
const BY_CATEGORY: Readonly<Record<string, string>> = {
  seo: 'Search engines read this to decide whether to show a page and how it appears in their results.',
  performance:
    'Slow pages lose visitors before they load, and search engines rank pages partly by their speed.',
  security:
    "Visitors' browsers rely on it to keep their data safe, and warn them about sites that lack it.",
  miscellaneous:
    'Visitors, their browsers and the tools that share or read a page rely on it.',
  accessibility:
    'People who use screen readers, keyboards or magnifiers meet it on the page; it counts in no score.',
  site: 'It is how the pages link to and relate to one another, which is how search engines find the pages and choose which to show.',
};

const BY_IMPORTANCE: Readonly<Record<Importance, string>> = {
  high: 'Of high importance: fix it first.',
  medium: 'Of medium importance.',
  low: 'Of low importance: fix it when the rest is done.',
};

export function whyItMatters(category: string, importance: Importance): string {
  return `${BY_CATEGORY[category] ?? BY_CATEGORY.miscellaneous} ${BY_IMPORTANCE[importance]}`;
}
