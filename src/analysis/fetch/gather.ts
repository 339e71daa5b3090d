import { randomBytes } from 'node:crypto';
import { AnalysisError } from '../errors.js';
import type { AnalyserOptions } from '../options.js';
import { parsePage } from '../parse.js';
import type { ParsedPage } from '../parse.js';
import { decodeRobotsTxt } from '../robots-txt/index.js';
import type {
  LinkProbes,
  RenderedDom,
  SideFetch,
  Snapshot,
  TargetProbe,
} from '../types.js';
import type { AddressPolicy, Lookup } from './address-policy.js';
import { decodeHtml, decodeUtf8, HTML_TYPES, mediaTypeOf } from './decode.js';
import type { DecodedHtml } from './decode.js';
import { boundedSignal, createGuardedClient } from './guarded-client.js';
import type {
  FetchedResponse,
  GuardedClient,
  RequestBounds,
  ResponseHead,
} from './guarded-client.js';
import { toAnalysisError } from './network-errors.js';
import { ASK_EVERY_TIME } from './probe-answers.js';
import type { ProbeAnswers } from './probe-answers.js';
import {
  planProbes,
  probeCanonical,
  probeHttpTwin,
  probeLinks,
  Prober,
} from './probes.js';
import type { FetchedPage, ProbePlan } from './probes.js';
import { isXmlSitemap } from './sitemap.js';

/**
 * What gathering learns about the page's site rather than the page: the same for
 * every page of the origin, so a site audit gathers them once and hands them to each
 * page's analysis (SiteFactsSource).
 */
export interface SiteFacts {
  robotsTxt: SideFetch;
  sitemap: SideFetch;
  notFoundProbe: SideFetch;
  favicon: SideFetch;
}

/**
 * Where an analysis gets the facts of the page's site. `ask` gathers them from the
 * network, from the origin of `pageUrl` (the page's final URL), through the analysis's
 * client and within its deadline; it never throws.
 */
export interface SiteFactsSource {
  factsFor(pageUrl: string, ask: () => Promise<SiteFacts>): Promise<SiteFacts>;
}

/** The facts of every page's site asked of the network: what an analysis does when given none. */
export const GATHER_EVERY_TIME: SiteFactsSource = {
  factsFor: (_pageUrl, ask) => ask(),
};

export interface GatherDependencies {
  /** Name resolution used for every connection (tests point names at loopback). */
  lookup?: Lookup;
  /** Clock for the timings, in milliseconds. */
  now?: () => number;
  /** The policy every connection is checked against; built from the options when absent. */
  policy?: AddressPolicy;
  /** Certificates to trust instead of the system's (tests trust their own TLS fixture). */
  trustedCertificates?: string[];
  /**
   * Reads what to probe off the fetched page, which means parsing it: on a judge
   * thread when the analyser has one, here otherwise.
   */
  planProbes?: (fetched: FetchedPage) => Promise<ProbePlan>;
  /** Where the answers of links, subresources, the canonical and the http:// twin come from. */
  probeAnswers?: ProbeAnswers;
  /** Where the facts of the page's site come from. */
  siteFacts?: SiteFactsSource;
  /**
   * The page as the caller already fetched it (a site audit's crawl, say), so it is
   * not asked again: its final answer, read whole within the options' limits.
   */
  page?: FetchedResponse;
  /**
   * The page as a browser rendered it (render: true), with `page` its raw answer: the
   * probes and the checks read the rendered DOM, status and headers the raw answer.
   */
  rendered?: RenderedDom;
}

/** A snapshot and its HTML parsed, which gathering needs for the probes and judging reuses. */
export interface Gathered {
  snapshot: Snapshot;
  page: ParsedPage;
}

/** Parses the page here, for the probe plan. */
const planHere = (fetched: FetchedPage): Promise<ProbePlan> =>
  Promise.resolve(
    planProbes(parsePage(fetched.html, fetched.finalUrl), fetched),
  );

/** Side fetches are small: enough for any sane robots.txt, sitemap index or error page. */
const SIDE_LIMITS = {
  robotsBytes: 512 * 1024,
  sitemapBytes: 512 * 1024,
  notFoundBytes: 64 * 1024,
  faviconBytes: 256 * 1024,
  maxRedirects: 3,
};
const TEXT_ACCEPT = 'text/plain,text/*;q=0.9,*/*;q=0.1';
const XML_ACCEPT = 'application/xml,text/xml;q=0.9,*/*;q=0.1';
const IMAGE_ACCEPT = 'image/*,*/*;q=0.1';
/** How much of an untyped body is sniffed for an HTML start. */
const SNIFF_BYTES = 512;

/**
 * Step 1 of the pipeline (docs/checks.md): fetches the page and, in parallel after it, the
 * facts of its site and the probes of what it points to, all under one deadline, and
 * returns the immutable snapshot.
 */
export async function gather(
  url: string,
  options: AnalyserOptions,
  dependencies: GatherDependencies = {},
): Promise<Snapshot> {
  const deadline = startDeadline(options.deadlineMs);
  const client = createGuardedClient(options, dependencies);
  try {
    const fetched =
      dependencies.page === undefined
        ? await fetchPage(client, url, options, deadline.signal)
        : takePage(dependencies.page);
    const decoded = decodeHtml(
      fetched.body,
      fetched.headers['content-type'] || null,
    );
    const { rendered } = dependencies;
    const bounds = {
      deadline: deadline.signal,
      timeoutMs: options.sideFetchTimeoutMs,
    };
    const planning = (dependencies.planProbes ?? planHere)({
      html: rendered?.html ?? decoded.html,
      finalUrl: fetched.url,
      headers: fetched.headers,
    });
    const prober = new Prober(
      client,
      bounds,
      dependencies.probeAnswers ?? ASK_EVERY_TIME,
    );
    const siteFacts = dependencies.siteFacts ?? GATHER_EVERY_TIME;
    const [side, probes] = await Promise.all([
      siteFacts.factsFor(fetched.url, () =>
        gatherSiteFacts(client, fetched.url, bounds),
      ),
      planning.then((plan) => gatherProbes(prober, plan, fetched)),
    ]);
    const snapshot = buildSnapshot(url, fetched, decoded, side, probes);
    return Object.freeze(
      rendered ? withRendering(snapshot, rendered) : snapshot,
    );
  } finally {
    deadline.clear();
    await client.close();
  }
}

/**
 * The facts of the site `pageUrl` is on, gathered on their own under the deadline of
 * the options (a site audit asks them once, then hands them to each page's analysis).
 */
export async function fetchSiteFacts(
  pageUrl: string,
  options: AnalyserOptions,
  dependencies: Omit<GatherDependencies, 'planProbes' | 'page'> = {},
): Promise<SiteFacts> {
  const deadline = startDeadline(options.deadlineMs);
  const client = createGuardedClient(options, dependencies);
  try {
    return await gatherSiteFacts(client, pageUrl, {
      deadline: deadline.signal,
      timeoutMs: options.sideFetchTimeoutMs,
    });
  } finally {
    deadline.clear();
    await client.close();
  }
}

/** The client of a gathering that asks nothing of the network: every answer is given. */
const NO_NETWORK = {
  get: () =>
    Promise.reject(new Error('This gathering asks nothing of the network.')),
  close: () => Promise.resolve(),
} as unknown as GuardedClient;

/**
 * A page a crawl fetched, gathered without the network: its HTML parsed once (for
 * the probe plan and for judging), its site's facts given, and its probes answered by
 * `answers`, which must answer without asking. With `rendered`, the DOM a browser
 * made of it is what is parsed and judged, `fetched` its raw answer.
 */
export async function gatherFetched(
  url: string,
  fetched: FetchedResponse,
  side: SiteFacts,
  answers: ProbeAnswers,
  rendered?: RenderedDom,
): Promise<Gathered & { plan: ProbePlan }> {
  takePage(fetched);
  const decoded = decodeHtml(
    fetched.body,
    fetched.headers['content-type'] || null,
  );
  const html = rendered?.html ?? decoded.html;
  const page = parsePage(html, fetched.url);
  const plan = planProbes(page, {
    html,
    finalUrl: fetched.url,
    headers: fetched.headers,
  });
  const prober = new Prober(
    NO_NETWORK,
    { deadline: new AbortController().signal, timeoutMs: 0 },
    answers,
  );
  const probes = await gatherProbes(prober, plan, fetched);
  const raw = buildSnapshot(url, fetched, decoded, side, probes);
  const snapshot = Object.freeze(rendered ? withRendering(raw, rendered) : raw);
  return { snapshot, page, plan };
}

/** gather, with the page's HTML parsed here, once, for the probes and for judging. */
export async function gatherParsed(
  url: string,
  options: AnalyserOptions,
  dependencies: GatherDependencies = {},
): Promise<Gathered> {
  let page: ParsedPage | null = null;
  const snapshot = await gather(url, options, {
    ...dependencies,
    planProbes: (fetched) => {
      page = parsePage(fetched.html, fetched.finalUrl);
      return Promise.resolve(planProbes(page, fetched));
    },
  });
  return { snapshot, page: page! };
}

function startDeadline(deadlineMs: number): {
  signal: AbortSignal;
  clear: () => void;
} {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deadlineMs);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

async function fetchPage(
  client: GuardedClient,
  url: string,
  options: AnalyserOptions,
  signal: AbortSignal,
): Promise<FetchedResponse> {
  const page = await client.get(url, {
    signal,
    maxBytes: options.maxBodyBytes,
    maxRedirects: options.maxRedirects,
    onHead: refuseDeclaredNonHtml,
  });
  assertHtmlBody(page);
  return page;
}

/** Refuses before the body is read when the content type says it is not HTML. */
function refuseDeclaredNonHtml(head: ResponseHead): void {
  const type = mediaTypeOf(head.headers);
  if (type === null || HTML_TYPES.includes(type)) return;
  throw notJudgeable(head, `The page is ${type}, not HTML.`);
}

/** A page fetched by the caller, judged by the rules fetchPage applies to its own. */
function takePage(page: FetchedResponse): FetchedResponse {
  refuseDeclaredNonHtml(page);
  assertHtmlBody(page);
  return page;
}

/** An untyped body counts as HTML when it starts like HTML; an error page needs a body. */
function assertHtmlBody(page: FetchedResponse): void {
  const type = mediaTypeOf(page.headers);
  if (type !== null && (page.status < 400 || page.body.length > 0)) return;
  if (type === null && looksLikeHtml(page.body)) return;
  throw notJudgeable(page, 'The page has no HTML body.');
}

/** 4xx/5xx without HTML fails with http_status; anything else without HTML with not_html. */
function notJudgeable(head: ResponseHead, message: string): AnalysisError {
  if (head.status >= 400) {
    return new AnalysisError(
      'http_status',
      `The page answered ${head.status} without an HTML body.`,
      head.status >= 500,
    );
  }
  return new AnalysisError('not_html', message);
}

function looksLikeHtml(body: Buffer): boolean {
  const start = body
    .subarray(0, SNIFF_BYTES)
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF|^\xFF\xFE|^\xFE\xFF/, '')
    .trimStart()
    .toLowerCase();
  return /^(<!doctype html|<html|<head|<body|<!--)/.test(start);
}

interface Probes {
  linkProbes: LinkProbes;
  canonicalProbe: TargetProbe | null;
  httpProbe: TargetProbe | null;
}

async function gatherProbes(
  prober: Prober,
  plan: ProbePlan,
  fetched: FetchedResponse,
): Promise<Probes> {
  // The canonical first: a link to the same URL then shares its answer.
  const canonical = probeCanonical(prober, plan.canonical);
  const twin = probeHttpTwin(prober, fetched.url);
  const [linkProbes, canonicalProbe, httpProbe] = await Promise.all([
    probeLinks(prober, plan.targets),
    canonical,
    twin,
  ]);
  return { linkProbes, canonicalProbe, httpProbe };
}

/**
 * The facts of the site of `pageUrl` (its origin): robots.txt, then the sitemap it
 * names; the 404 probe and the favicon beside them. Never throws.
 */
export async function gatherSiteFacts(
  client: GuardedClient,
  pageUrl: string,
  bounds: RequestBounds,
): Promise<SiteFacts> {
  const origin = new URL(pageUrl).origin;
  const robotsAndSitemap = (async () => {
    const robotsTxt = await sideFetch(client, `${origin}/robots.txt`, bounds, {
      maxBytes: SIDE_LIMITS.robotsBytes,
      accept: TEXT_ACCEPT,
      decode: decodeRobotsTxt,
    });
    const sitemap = await fetchSitemap(client, robotsTxt, origin, bounds);
    return { robotsTxt, sitemap };
  })();
  const notFoundProbe = sideFetch(client, probeUrl(origin), bounds, {
    maxBytes: SIDE_LIMITS.notFoundBytes,
  });
  // Declared icons are judged from the DOM; the network only has to answer for the default.
  const favicon = sideFetch(client, `${origin}/favicon.ico`, bounds, {
    maxBytes: SIDE_LIMITS.faviconBytes,
    accept: IMAGE_ACCEPT,
    readBody: false,
  });
  const [first, probe, icon] = await Promise.all([
    robotsAndSitemap,
    notFoundProbe,
    favicon,
  ]);
  return { ...first, notFoundProbe: probe, favicon: icon };
}

interface SideFetchOptions {
  maxBytes: number;
  accept?: string;
  readBody?: boolean;
  /** How the body's bytes are read; UTF-8 without its byte order mark unless said. */
  decode?: (bytes: Uint8Array) => string;
}

/** A side request never throws: any failure, its own timeout included, is recorded with its error code. */
async function sideFetch(
  client: GuardedClient,
  url: string,
  bounds: RequestBounds,
  options: SideFetchOptions,
): Promise<SideFetch> {
  const signal = boundedSignal(bounds);
  try {
    const response = await client.get(url, {
      ...options,
      signal,
      maxRedirects: SIDE_LIMITS.maxRedirects,
    });
    return {
      url,
      status: response.status,
      contentType: response.headers['content-type'] ?? null,
      body:
        options.readBody === false
          ? null
          : (options.decode?.(response.body) ?? decodeUtf8(response.body).html),
      error: null,
    };
  } catch (error) {
    return {
      url,
      status: null,
      contentType: null,
      body: null,
      error: toAnalysisError(error, signal).code,
    };
  }
}

/**
 * The sitemap robots.txt names, or /sitemap.xml (docs/checks.md: either may pass). When
 * the named one is no XML sitemap, /sitemap.xml is tried too; its answer is kept only
 * when it is one, else the named sitemap's failure is what the site has to fix.
 */
async function fetchSitemap(
  client: GuardedClient,
  robotsTxt: SideFetch,
  origin: string,
  bounds: RequestBounds,
): Promise<SideFetch> {
  const options = { maxBytes: SIDE_LIMITS.sitemapBytes, accept: XML_ACCEPT };
  const fallbackUrl = `${origin}/sitemap.xml`;
  const namedUrl = namedSitemapUrl(robotsTxt) ?? fallbackUrl;
  const named = await sideFetch(client, namedUrl, bounds, options);
  if (namedUrl === fallbackUrl || isXmlSitemap(named)) return named;
  const fallback = await sideFetch(client, fallbackUrl, bounds, options);
  return isXmlSitemap(fallback) ? fallback : named;
}

/** The first `Sitemap:` of a robots.txt that answered 2xx, or null. */
function namedSitemapUrl(robotsTxt: SideFetch): string | null {
  const ok = robotsTxt.status !== null && robotsTxt.status < 300;
  if (!ok || robotsTxt.body === null) return null;
  const named = /^\s*sitemap\s*:\s*(\S+)/im.exec(robotsTxt.body)?.[1];
  return named ? httpUrl(named, robotsTxt.url) : null;
}

/** A path no site has, to see whether missing pages answer 404. */
function probeUrl(origin: string): string {
  return `${origin}/${randomBytes(8).toString('hex')}-report-service-probe`;
}

/** `href` resolved against `base` when it is an http(s) URL, else null. */
function httpUrl(href: string, base: string): string | null {
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** The snapshot judged on the rendered DOM, the raw HTML kept beside it. */
export function withRendering(
  snapshot: Snapshot,
  { html, ...facts }: RenderedDom,
): Snapshot {
  return { ...snapshot, html, rendering: { ...facts, rawHtml: snapshot.html } };
}

function buildSnapshot(
  requestedUrl: string,
  page: FetchedResponse,
  decoded: DecodedHtml,
  side: SiteFacts,
  probes: Probes,
): Snapshot {
  return {
    requestedUrl,
    finalUrl: page.url,
    redirects: page.redirects,
    statusCode: page.status,
    headers: page.headers,
    setCookies: page.setCookies,
    contentType: page.headers['content-type'] ?? '',
    contentEncoding: page.contentEncoding,
    declaredCharset: decoded.declared,
    charset: decoded.charset,
    ttfbMs: Math.round(page.ttfbMs),
    loadTimeMs: Math.round(page.loadTimeMs),
    htmlBytes: page.body.length,
    transferBytes: page.transferBytes,
    html: decoded.html,
    robotsTxt: side.robotsTxt,
    sitemap: side.sitemap,
    notFoundProbe: side.notFoundProbe,
    favicon: side.favicon,
    ...probes,
  };
}
