import {
  CATEGORY_NAMES,
  CHECK_CATEGORIES,
  CHECKS,
  SITE_CHECKS,
} from '../analysis/index.js';
import type { Check, SiteCheck } from '../analysis/index.js';
import { escapeHtml, escapeWithCode, pageLayout } from '../common/html-page.js';

function checkSection(check: Check): string {
  return `<section class="card" id="${escapeHtml(check.id)}">
<h3><a href="#${escapeHtml(check.id)}">${escapeHtml(check.title)}</a> <span class="importance">${escapeHtml(check.importance)} · <code>${escapeHtml(check.id)}</code></span></h3>
<p><strong>Passes</strong> ${escapeWithCode(check.passesWhen)}</p>
${check.notApplicableWhen ? `<p class="muted"><strong>Does not apply</strong> ${escapeWithCode(check.notApplicableWhen)}</p>` : ''}
<p class="advice"><strong>When it fails</strong> ${escapeWithCode(check.advice)}</p>
</section>`;
}

function siteCheckSection(check: SiteCheck): string {
  return `<section class="card" id="${escapeHtml(check.id)}">
<h3><a href="#${escapeHtml(check.id)}">${escapeHtml(check.title)}</a> <span class="importance">${escapeHtml(check.importance)} · <code>${escapeHtml(check.id)}</code></span></h3>
<p><strong>Affects</strong> ${escapeWithCode(check.affectedPage)}, when: ${escapeWithCode(check.affectsWhen)}</p>
<p class="advice"><strong>When it affects a page</strong> ${escapeWithCode(check.advice)}</p>
</section>`;
}

/**
 * The check catalogue as a page: every check of the registry, one section each,
 * anchored by its id, which failed results link to (doc_url); then the site checks of
 * site audits, as docs/checks.md lists them.
 */
export function cataloguePage(): string {
  const groups = CHECK_CATEGORIES.map(
    (category) =>
      `<h2>${CATEGORY_NAMES[category]}${category === 'accessibility' ? ' <span class="muted">(in no score)</span>' : ''}</h2>\n${CHECKS.filter(
        (check) => check.category === category,
      )
        .map(checkSection)
        .join('\n')}`,
  ).join('\n');
  const siteChecks = `<h2 id="site-checks">Site checks</h2>
<p class="muted">A site audit judges every HTML page it crawled with the checks above, then judges the set with these ${SITE_CHECKS.length}, once the crawl has stopped. A page a site check affects loses points as a failed check of that importance would.</p>
${SITE_CHECKS.map(siteCheckSection).join('\n')}`;
  return pageLayout(
    'The check catalogue',
    `<header><h1>The check catalogue</h1>
<p class="muted">What each of the ${CHECKS.length} checks of a report looks at, when it passes, and what to change when it fails; then the ${SITE_CHECKS.length} <a href="#site-checks">site checks</a> of a site audit. Checks weigh 3 (high), 2 (medium) or 1 (low) in their category's score and in the overall score; accessibility's count in none.</p></header>
${groups}
${siteChecks}`,
  );
}
