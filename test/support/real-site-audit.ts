import type { ReferenceCrawl } from './reference-crawl.js';

/** What an audit of a real tree found, as the API lists it. */
export interface AuditedSite {
  status: string;
  unprocessed: number;
  pages: string[];
  brokenLink: string[];
  duplicateTitle: string[];
}

/** The first few members of a set, for a message. */
const some = (items: Iterable<string>) => [...items].slice(0, 5).join(' ');

/**
 * The audit against the independent crawler: no page left unprocessed, the same
 * pages, and the same pages affected by broken_link and duplicate_title. Answers
 * whether all agree, and a line for each.
 */
export function compareWithReference(
  audited: AuditedSite,
  reference: ReferenceCrawl,
): { same: boolean; lines: string[] } {
  const lines: string[] = [];
  let same = true;
  const compare = (name: string, got: string[], expected: Set<string>) => {
    const found = new Set(got);
    const missed = [...expected].filter((url) => !found.has(url));
    const extra = [...found].filter((url) => !expected.has(url));
    const agree = missed.length === 0 && extra.length === 0;
    same &&= agree;
    lines.push(
      `${name}: ${found.size} found, ${expected.size} by the reference crawler${agree ? ', the same' : `; missed ${missed.length} (${some(missed)}), extra ${extra.length} (${some(extra)})`}`,
    );
  };
  if (audited.status !== 'completed' || audited.unprocessed > 0) {
    same = false;
    lines.push(
      `status ${audited.status}, ${audited.unprocessed} pages unprocessed (a failure of the service)`,
    );
  }
  compare('pages', audited.pages, new Set(reference.pages.keys()));
  compare('broken_link', audited.brokenLink, reference.brokenLink);
  compare('duplicate_title', audited.duplicateTitle, reference.duplicateTitle);
  return { same, lines };
}
