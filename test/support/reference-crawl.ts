import { Parser } from 'htmlparser2';

/**
 * An independent crawler, written for the tests from SITE-AUDIT.md and sharing no code
 * with the service: what a site audit of a real tree must find. Breadth-first from
 * the start URL over HTTP; in scope is the start's origin; a page is every in-scope
 * URL requested (whatever it answered) or disallowed by robots.txt (`User-agent: *`,
 * Allow and Disallow by longest prefix); a link is an `<a href>` to http(s), resolved
 * against `<base href>`; followed unless `rel=nofollow` or a nofollow meta robots; a
 * canonical names a page to request; redirects are pages whose target is requested.
 */

export interface ReferencePage {
  url: string;
  status: number | null;
  blocked: boolean;
  html: boolean;
  title: string | null;
  noindex: boolean;
  canonical: string | null;
  /** Links: target URL and whether followed. */
  links: Array<{ url: string; followed: boolean }>;
}

export interface ReferenceCrawl {
  pages: Map<string, ReferencePage>;
  /** Pages that link (followed or not) to an in-scope page answered 4xx/5xx or failed. */
  brokenLink: Set<string>;
  /** The missing targets those links lead to. */
  brokenTargets: Set<string>;
  /** Indexable pages sharing a non-empty title with another. */
  duplicateTitle: Set<string>;
}

function normalised(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  url.hash = '';
  return url.href;
}

/** The rules of a robots.txt for `User-agent: *`: allowed unless the longest matching rule disallows. */
function robotsRules(text: string): (path: string) => boolean {
  const rules: Array<{ allow: boolean; prefix: string }> = [];
  let inStar = false;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const match = /^([a-z-]+)\s*:\s*(.*)$/i.exec(line);
    if (!match) continue;
    const [, field, value] = match;
    const key = field.toLowerCase();
    if (key === 'user-agent') {
      if (!lastWasAgent) inStar = false;
      if (value === '*') inStar = true;
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!inStar || value === '') continue;
    if (key === 'disallow') rules.push({ allow: false, prefix: value });
    if (key === 'allow') rules.push({ allow: true, prefix: value });
  }
  return (path) => {
    let best: { allow: boolean; prefix: string } | null = null;
    for (const rule of rules) {
      if (!path.startsWith(rule.prefix)) continue;
      if (
        best === null ||
        rule.prefix.length > best.prefix.length ||
        (rule.prefix.length === best.prefix.length && rule.allow)
      ) {
        best = rule;
      }
    }
    return best === null || best.allow;
  };
}

interface ParsedHtml {
  title: string | null;
  noindex: boolean;
  nofollow: boolean;
  canonical: string | null;
  links: Array<{ url: string; followed: boolean }>;
}

function parseHtml(html: string, pageUrl: string): ParsedHtml {
  let base = pageUrl;
  let baseSeen = false;
  const rawLinks: Array<{ href: string; nofollow: boolean }> = [];
  let title: string | null = null;
  let inTitle = false;
  let titleText = '';
  let robots = '';
  let canonicalHref: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'base' && !baseSeen && attribs.href !== undefined) {
          baseSeen = true;
          base = normalised(attribs.href, pageUrl) ?? pageUrl;
        }
        if (name === 'a' && attribs.href !== undefined) {
          const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
          rawLinks.push({
            href: attribs.href,
            nofollow: rel.includes('nofollow'),
          });
        }
        if (name === 'title' && title === null) {
          inTitle = true;
          titleText = '';
        }
        if (
          name === 'meta' &&
          ['robots', 'googlebot'].includes((attribs.name ?? '').toLowerCase())
        ) {
          robots += ` ${attribs.content ?? ''}`;
        }
        if (
          name === 'link' &&
          (attribs.rel ?? '')
            .toLowerCase()
            .split(/\s+/)
            .includes('canonical') &&
          canonicalHref === null
        ) {
          canonicalHref = attribs.href ?? null;
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          title = titleText;
        }
      },
    },
    {
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
    },
  );
  parser.write(html);
  parser.end();
  const lowered = robots.toLowerCase();
  const nofollow = /\b(nofollow|none)\b/.test(lowered);
  const links: Array<{ url: string; followed: boolean }> = [];
  for (const link of rawLinks) {
    const url = normalised(link.href, base);
    if (url !== null)
      links.push({ url, followed: !nofollow && !link.nofollow });
  }
  return {
    title,
    noindex: /\b(noindex|none)\b/.test(lowered),
    nofollow,
    canonical: canonicalHref === null ? null : normalised(canonicalHref, base),
    links,
  };
}

/** Crawls the site from `startUrl`, `concurrency` requests at a time. */
export async function referenceCrawl(
  startUrl: string,
  concurrency = 8,
): Promise<ReferenceCrawl> {
  const origin = new URL(startUrl).origin;
  const robotsAnswer = await fetch(`${origin}/robots.txt`).catch(() => null);
  const allowed =
    robotsAnswer?.status === 200
      ? robotsRules(await robotsAnswer.text())
      : () => true;
  const pages = new Map<string, ReferencePage>();
  const seen = new Set<string>();
  const queue: string[] = [];
  const enqueue = (url: string) => {
    if (seen.has(url) || new URL(url).origin !== origin) return;
    seen.add(url);
    const { pathname, search } = new URL(url);
    if (!allowed(pathname + search)) {
      pages.set(url, {
        url,
        status: null,
        blocked: true,
        html: false,
        title: null,
        noindex: false,
        canonical: null,
        links: [],
      });
      return;
    }
    queue.push(url);
  };
  const visit = async (url: string) => {
    const page: ReferencePage = {
      url,
      status: null,
      blocked: false,
      html: false,
      title: null,
      noindex: false,
      canonical: null,
      links: [],
    };
    pages.set(url, page);
    let res: Response;
    try {
      res = await fetch(url, { redirect: 'manual' });
    } catch {
      return;
    }
    page.status = res.status;
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim();
    if (res.status >= 300 && res.status < 400) {
      const location = res.headers.get('location');
      const target = location ? normalised(location, url) : null;
      if (target) enqueue(target);
      await res.body?.cancel();
      return;
    }
    if (res.status !== 200 || type !== 'text/html') {
      await res.body?.cancel();
      return;
    }
    const parsed = parseHtml(await res.text(), url);
    page.html = true;
    page.title = parsed.title;
    page.noindex = parsed.noindex;
    page.canonical = parsed.canonical;
    page.links = parsed.links;
    for (const link of parsed.links) if (link.followed) enqueue(link.url);
    if (parsed.canonical) enqueue(parsed.canonical);
  };
  enqueue(startUrl);
  // Breadth-first in rounds: the crawl's set does not depend on the order, only its ids.
  while (queue.length > 0) {
    const round = queue.splice(0);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, round.length) }, async () => {
        while (next < round.length) await visit(round[next++]);
      }),
    );
  }
  return { pages, ...findingsOf(pages) };
}

/** broken_link and duplicate_title over the crawl, as SITE-AUDIT.md defines them. */
function findingsOf(
  pages: Map<string, ReferencePage>,
): Omit<ReferenceCrawl, 'pages'> {
  const broken = (url: string) => {
    const page = pages.get(url);
    return (
      page !== undefined &&
      !page.blocked &&
      (page.status === null || page.status >= 400)
    );
  };
  const brokenLink = new Set<string>();
  const brokenTargets = new Set<string>();
  for (const page of pages.values()) {
    for (const link of page.links) {
      if (!broken(link.url)) continue;
      brokenLink.add(page.url);
      brokenTargets.add(link.url);
    }
  }
  const byTitle = new Map<string, string[]>();
  for (const page of pages.values()) {
    const indexable =
      page.html &&
      !page.noindex &&
      (page.canonical === null || page.canonical === page.url);
    const title = page.title?.replace(/\s+/g, ' ').trim().toLowerCase();
    if (!indexable || !title) continue;
    byTitle.set(title, [...(byTitle.get(title) ?? []), page.url]);
  }
  const duplicateTitle = new Set(
    [...byTitle.values()].filter((urls) => urls.length > 1).flat(),
  );
  return { brokenLink, brokenTargets, duplicateTitle };
}
