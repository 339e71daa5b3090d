import { subresourceRequests } from '../resources.js';
import {
  agreedCanonical,
  canonicalDeclarations,
  relativeCanonicalOf,
} from '../declared-urls.js';
import { anchors, isThePage, linkTarget, withoutFragment } from '../links.js';
import { PROBE_LIMITS } from '../options.js';
import { parsePage } from '../parse.js';
import type { ParsedPage } from '../parse.js';
import { robotsMetas } from '../robots.js';
import type { LinkProbe, LinkProbes, TargetProbe } from '../types.js';
import { decodeHtml, HTML_TYPES, mediaTypeOf } from './decode.js';
import { boundedSignal } from './guarded-client.js';
import { toAnalysisError } from './network-errors.js';
import type { ProbeAnswers } from './probe-answers.js';
import type {
  GuardedClient,
  RequestBounds,
  ResponseHead,
} from './guarded-client.js';

/**
 * The requests gathering makes for what the page points to: its links and
 * subresources (broken_links), its canonical target and, on https, its http:// twin.
 * Each goes through the guarded client, never throws, and is bounded in number, size
 * and time inside the analysis deadline; each URL is asked once per analysis, and its
 * answer may come from a source that already knows it (ProbeAnswers).
 */

const ANY_ACCEPT = '*/*';

interface ProbeTarget {
  url: string;
  kind: LinkProbe['kind'];
}

/**
 * What the probes will ask for, read off the parsed page: its links and subresources,
 * and its canonical target. Plain data, so it can be worked out on a judge thread.
 */
export interface ProbePlan {
  targets: ProbeTarget[];
  /** The canonical URL when it names another page, else null. */
  canonical: string | null;
  /** That canonical as written, when written relative: the canonical check advises an absolute URL. */
  relativeCanonical?: string | null;
}

/** The page as fetched, before anything is parsed: what a probe plan is read from. */
export interface FetchedPage {
  html: string;
  finalUrl: string;
  headers: Record<string, string>;
}

/** The probe plan of a parsed page. */
export function planProbes(page: ParsedPage, fetched: FetchedPage): ProbePlan {
  const declared = canonicalDeclarations(
    page,
    fetched.headers,
    fetched.finalUrl,
  );
  const canonical = agreedCanonical(declared);
  const other = canonical !== null && !isThePage(fetched.finalUrl)(canonical);
  return {
    targets: probeTargets(page, fetched.finalUrl),
    canonical: other ? withoutFragment(canonical) : null,
    relativeCanonical: other ? relativeCanonicalOf(declared) : null,
  };
}

/**
 * The page's distinct http(s) links and subresources to probe, the page itself left
 * out: same origin first (what the site can fix), subresources before links (what
 * breaks the page itself), each kind in page order.
 */
export function probeTargets(
  page: ParsedPage,
  finalUrl: string,
): ProbeTarget[] {
  const seen = new Set<string>();
  const found: ProbeTarget[] = [];
  const thePage = isThePage(finalUrl);
  const add = (url: URL | null, kind: LinkProbe['kind']) => {
    if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      return;
    if (thePage(url)) return;
    const href = withoutFragment(url);
    if (seen.has(href)) return;
    seen.add(href);
    found.push({ url: href, kind });
  };
  for (const request of subresourceRequests(page)) {
    add(URL.parse(request.url), request.kind);
  }
  for (const link of anchors(page)) add(linkTarget(page, link), 'link');
  const origin = URL.parse(finalUrl)?.origin;
  const sameOrigin = (target: ProbeTarget) =>
    URL.parse(target.url)?.origin === origin;
  return [
    ...found.filter(sameOrigin),
    ...found.filter((target) => !sameOrigin(target)),
  ];
}

/** Statuses whose Location the probes follow, as a browser would. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Whether a HEAD answer may be a refusal of HEAD rather than the URL's answer: many
 * servers refuse or mishandle HEAD (405, 501, 403, 500, ...). A 404 or 410 to HEAD is
 * as good as GET's, and those are most of the broken links: one request is enough.
 */
function mayRefuseHead(status: number): boolean {
  return status >= 400 && status !== 404 && status !== 410;
}

/** A redirect's Location made absolute, or null. */
function locationOf(head: ResponseHead): string | null {
  const location = head.headers.location;
  if (location === undefined) return null;
  return URL.parse(location, head.url)?.href ?? null;
}

function failedProbe(
  url: string,
  error: unknown,
  signal: AbortSignal,
): TargetProbe {
  return {
    url,
    status: null,
    location: null,
    robots: [],
    error: toAnalysisError(error, signal).code,
  };
}

/** The robots directives of an answer: its X-Robots-Tag, then the meta robots of its HTML. */
function robotsOf(head: ResponseHead, body: Buffer | null): string[] {
  const directives: string[] = [];
  const header = head.headers['x-robots-tag'];
  if (header !== undefined) directives.push(header);
  const type = mediaTypeOf(head.headers);
  if (body !== null && (type === null || HTML_TYPES.includes(type))) {
    const html = decodeHtml(body, head.headers['content-type'] ?? null).html;
    for (const meta of robotsMetas(parsePage(html, head.url))) {
      directives.push(meta.attribs.content ?? '');
    }
  }
  return directives;
}

/**
 * One URL's own answer, its redirect not followed: HEAD, then GET when HEAD may have
 * been refused. The body is never read.
 */
async function askHead(
  client: GuardedClient,
  url: string,
  bounds: RequestBounds,
): Promise<TargetProbe> {
  const signal = boundedSignal(bounds);
  const ask = (method: 'HEAD' | 'GET') =>
    client.get(url, {
      method,
      signal,
      maxBytes: 0,
      maxRedirects: 0,
      followRedirects: false,
      accept: ANY_ACCEPT,
      readBody: false,
    });
  try {
    let response = await ask('HEAD');
    if (mayRefuseHead(response.status)) response = await ask('GET');
    return {
      url,
      status: response.status,
      location: locationOf(response),
      robots: [],
      error: null,
    };
  } catch (error) {
    return failedProbe(url, error, signal);
  }
}

/**
 * One URL's own answer with the robots directives of its HTML (a canonical target's):
 * GET, redirect not followed. Past its byte limit the body is not read, and the
 * header's directives are all there is.
 */
async function askWithRobots(
  client: GuardedClient,
  url: string,
  bounds: RequestBounds,
): Promise<TargetProbe> {
  const signal = boundedSignal(bounds);
  let head: ResponseHead | null = null;
  try {
    const response = await client.get(url, {
      signal,
      maxBytes: PROBE_LIMITS.canonicalBodyBytes,
      maxRedirects: 0,
      followRedirects: false,
      onHead: (answered) => {
        head = answered;
      },
    });
    return {
      url,
      status: response.status,
      location: locationOf(response),
      robots: robotsOf(response, response.body),
      error: null,
    };
  } catch (error) {
    const code = toAnalysisError(error, signal).code;
    if (head === null || code !== 'too_large') {
      return failedProbe(url, error, signal);
    }
    const answered: ResponseHead = head;
    return {
      url,
      status: answered.status,
      location: locationOf(answered),
      robots: robotsOf(answered, null),
      error: null,
    };
  }
}

/**
 * The probes of one analysis. Each URL is asked once, whatever asks for it (a link, a
 * subresource, a hop of another link's redirects, the canonical), and its answer
 * comes through `answers`, which may know it already.
 */
export class Prober {
  private readonly asked = new Map<
    string,
    { answer: Promise<TargetProbe>; robots: boolean }
  >();

  constructor(
    private readonly client: GuardedClient,
    private readonly bounds: RequestBounds,
    private readonly answers: ProbeAnswers,
  ) {}

  /** The URL's own answer, its redirect not followed; asked at once, at most once. */
  answerOf(url: string, robots: boolean): Promise<TargetProbe> {
    const asked = this.asked.get(url);
    if (asked !== undefined && (asked.robots || !robots)) return asked.answer;
    const answer = this.answers.answer({ url, robots }, () =>
      robots
        ? askWithRobots(this.client, url, this.bounds)
        : askHead(this.client, url, this.bounds),
    );
    this.asked.set(url, { answer, robots });
    return answer;
  }

  /** Where a link or subresource ends up: its redirects followed, hop by hop, up to the limit. */
  async link(target: ProbeTarget): Promise<LinkProbe> {
    let url = target.url;
    for (let hops = 0; ; hops++) {
      const answer = await this.answerOf(url, false);
      if (answer.status === null) {
        return { ...target, status: null, error: answer.error };
      }
      if (!REDIRECTS.has(answer.status) || answer.location === null) {
        return { ...target, status: answer.status, error: null };
      }
      if (hops >= PROBE_LIMITS.maxRedirects) {
        return { ...target, status: null, error: 'redirect_limit' };
      }
      const next = URL.parse(answer.location);
      if (next === null || !/^https?:$/.test(next.protocol)) {
        // As the guarded client does: nothing but http(s) is ever fetched.
        return { ...target, status: null, error: 'blocked' };
      }
      url = withoutFragment(next);
    }
  }
}

/** Runs `work` on every item, at most `concurrency` at a time, results in the items' order. */
async function inParallel<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, worker),
  );
  return results;
}

export async function probeLinks(
  prober: Prober,
  targets: ProbeTarget[],
): Promise<LinkProbes> {
  const probed = await inParallel(
    targets.slice(0, PROBE_LIMITS.maxUrls),
    PROBE_LIMITS.concurrency,
    (target) => prober.link(target),
  );
  return { found: targets.length, probed };
}

/**
 * The page's canonical target when it names another page, asked once without
 * following a redirect: a canonical must be a page that answers 200 and may be indexed.
 */
export function probeCanonical(
  prober: Prober,
  url: string | null,
): Promise<TargetProbe | null> {
  return url === null ? Promise.resolve(null) : prober.answerOf(url, true);
}

/** The same URL with http:// (its explicit port kept, as a browser would ask). */
export function httpTwinOf(httpsUrl: string): string | null {
  const url = URL.parse(httpsUrl);
  if (url === null || url.protocol !== 'https:') return null;
  url.protocol = 'http:';
  url.hash = '';
  return url.href;
}

/** On an https page, how its http:// twin answers: a redirect to https is what browsers need. */
export function probeHttpTwin(
  prober: Prober,
  finalUrl: string,
): Promise<TargetProbe | null> {
  const url = httpTwinOf(finalUrl);
  return url === null ? Promise.resolve(null) : prober.answerOf(url, false);
}
