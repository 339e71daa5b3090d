import { anchors, isBrokenAnswer, linkTarget } from '../links.js';
import { elementsWhere, tokensOf } from '../parse.js';
import { PROBE_LIMITS } from '../options.js';
import { redirectStubTarget } from '../refresh.js';
import { forbidsFollowing, robotsMetas } from '../robots.js';
import { clip, firstItems, plural, startTag } from './check.js';
import type { Check } from './check.js';

/**
 * Checks of where the page sends readers and crawlers on: whether its links and
 * subresources answer, whether it moves them on by itself, whether they may follow.
 */

export const brokenLinks: Check = {
  id: 'broken_links',
  category: 'seo',
  importance: 'high',
  title: 'Broken links',
  passesWhen: `None of the page's probed links and subresources answers 4xx/5xx or cannot be reached (HEAD, then GET when HEAD answers an error other than 404 or 410; each redirect followed; same origin first, at most ${PROBE_LIMITS.maxUrls} URLs). In a site audit, a link to a page the crawl requested is left to the site check \`broken_link\`, which names it once for the site, unless that page redirects (this check follows the redirect); links to other sites, subresources and links to URLs the crawl did not request stay here.`,
  notApplicableWhen:
    'The page has no http(s) link or subresource, or none of those probed answered in time.',
  advice:
    'Fix or remove each broken link, restore or replace each missing image, script or stylesheet, and point moved pages to their new address.',
  run: (_page, { linkProbes }) => {
    if (linkProbes === null) {
      return { passed: null, message: 'The links were not probed.' };
    }
    const { found, probed, leftToSite = 0 } = linkProbes;
    if (found === 0) {
      return {
        passed: null,
        message: 'The page has no links or subresources to probe.',
      };
    }
    if (probed.length === 0 && leftToSite > 0) {
      const scope =
        found > leftToSite ? ` (the first ${leftToSite} of ${found})` : '';
      return {
        passed: true,
        message: `The ${plural(leftToSite, 'link')} probed ${leftToSite === 1 ? 'leads' : 'lead'} to pages of the crawl, left to the site check broken_link${scope}.`,
      };
    }
    const broken = probed.filter((p) => isBrokenAnswer(p.status, p.error));
    const unverified = probed.filter(
      (p) => p.status === null && !isBrokenAnswer(p.status, p.error),
    ).length;
    const judged = found - leftToSite;
    const scope =
      judged > probed.length
        ? ` (the first ${probed.length} of ${judged})`
        : '';
    const site =
      leftToSite > 0
        ? `; ${plural(leftToSite, 'link')} to pages of the crawl ${leftToSite === 1 ? 'is' : 'are'} left to the site check broken_link`
        : '';
    if (broken.length > 0) {
      return {
        passed: false,
        message: `${broken.length} of ${plural(probed.length, 'URL')} probed ${broken.length === 1 ? 'is' : 'are'} broken${scope}${site}.`,
        value: firstItems(broken).map((p) =>
          clip(`${p.status ?? p.error} ${p.kind} ${p.url}`, 160),
        ),
      };
    }
    if (unverified === probed.length) {
      // The links left to the site were answered: the page passes on them.
      return {
        passed: leftToSite > 0 ? true : null,
        message: `None of the ${plural(probed.length, 'URL')} probed answered in time${scope}${site}.`,
      };
    }
    const unchecked =
      unverified > 0 ? `; ${unverified} could not be checked` : '';
    return {
      passed: true,
      message: `Every URL probed answers${scope}${unchecked}${site}.`,
    };
  },
};

export const metaRefresh: Check = {
  id: 'meta_refresh',
  category: 'seo',
  importance: 'low',
  title: 'Meta refresh',
  passesWhen: 'No `<meta http-equiv="refresh">`.',
  notApplicableWhen: null,
  advice:
    'Replace the meta refresh with a server redirect (301 or 308), or let readers reload: timed reloads lose their place and confuse search engines.',
  run: (page, snapshot) => {
    const refreshes = elementsWhere(page, 'meta', 'http-equiv', 'refresh');
    const stubFor = redirectStubTarget(page, snapshot.finalUrl);
    return refreshes.length === 0
      ? {
          passed: true,
          message: 'The page does not reload or redirect itself.',
        }
      : {
          passed: false,
          message:
            stubFor === null
              ? 'A meta refresh reloads or redirects the page.'
              : `The page is a redirect stub: an instant meta refresh sends readers on to ${clip(stubFor.href, 120)}, where a server redirect would take them in one hop.`,
          // Its content is the delay and, for a redirect, the target.
          value: firstItems(refreshes).map((meta) =>
            clip(`content="${meta.attribs.content ?? ''}"`, 120),
          ),
        };
  },
};

export const nofollow: Check = {
  id: 'nofollow',
  category: 'seo',
  importance: 'low',
  title: 'Followed links',
  passesWhen:
    'Neither a robots meta tag nor `X-Robots-Tag` says `nofollow`, and no link to this site carries `rel=nofollow`.',
  notApplicableWhen: null,
  advice:
    'Take `nofollow` off the robots meta tag and off links to your own pages so search engines follow and credit them; keep it for paid or untrusted links elsewhere.',
  run: (page, snapshot) => {
    const header = snapshot.headers['x-robots-tag'];
    if (header !== undefined && forbidsFollowing(header)) {
      return {
        passed: false,
        message:
          "The X-Robots-Tag header tells search engines not to follow the page's links.",
        value: clip(`X-Robots-Tag: ${header}`),
      };
    }
    const meta = robotsMetas(page).find((m) =>
      forbidsFollowing(m.attribs.content ?? ''),
    );
    if (meta) {
      return {
        passed: false,
        message:
          "A robots meta tag tells search engines not to follow the page's links.",
        value: startTag(meta),
      };
    }
    const origin = URL.parse(snapshot.finalUrl)?.origin;
    const nofollowed = anchors(page).filter(
      (link) =>
        tokensOf(link, 'rel').includes('nofollow') &&
        linkTarget(page, link)?.origin === origin,
    );
    return nofollowed.length === 0
      ? {
          passed: true,
          message: 'Search engines may follow every link to this site.',
        }
      : {
          passed: false,
          message: `${plural(nofollowed.length, 'link')} to this site ${nofollowed.length === 1 ? 'carries' : 'carry'} rel=nofollow.`,
          value: firstItems(nofollowed).map(startTag),
        };
  },
};

export const SEO_LINK_CHECKS: readonly Check[] = [
  brokenLinks,
  metaRefresh,
  nofollow,
];
