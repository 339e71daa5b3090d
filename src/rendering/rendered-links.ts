import { Parser } from 'htmlparser2';

/** A link of the rendered DOM: its href as written and the URL it leads to (null when it does not parse). */
export interface RenderedLink {
  href: string;
  url: string | null;
}

/**
 * The `<a href>` links of a serialised DOM, resolved as the browser resolves them:
 * against the first `<base href>`, itself resolved against the page's URL.
 */
export function linksOf(html: string, pageUrl: string): RenderedLink[] {
  const hrefs: string[] = [];
  const bases: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'a' && attributes.href !== undefined)
          hrefs.push(attributes.href);
        else if (name === 'base' && attributes.href !== undefined)
          bases.push(attributes.href);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  const baseUrl =
    bases.length > 0
      ? (URL.parse(bases[0].trim(), pageUrl)?.href ?? pageUrl)
      : pageUrl;
  return hrefs.map((href) => ({
    href,
    url: URL.parse(href.trim(), baseUrl)?.href ?? null,
  }));
}

/** A fragment that holds an application's route (`#/page`, `#!/page`), not a place in the page. */
const ROUTE_FRAGMENT = /^#!?\//;

/**
 * The links that route by fragment only, each URL once: search engines drop the
 * fragment, so what they lead to is not a page of its own to them.
 */
export function fragmentRoutesOf(links: readonly RenderedLink[]): string[] {
  const routes = new Set<string>();
  for (const { url } of links) {
    if (url === null) continue;
    const { hash } = new URL(url);
    if (ROUTE_FRAGMENT.test(hash)) routes.add(url);
  }
  return [...routes];
}
