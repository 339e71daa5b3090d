import { randomBytes } from 'node:crypto';
import { AnalysisError } from '../errors.js';
import type { AnalyserOptions } from '../options.js';
import type { SideFetch, Snapshot } from '../types.js';
import type { Lookup } from './address-policy.js';
import { decodeHtml, decodeUtf8 } from './decode.js';
import { isXmlSitemap } from './sitemap.js';
import { createGuardedClient, toAnalysisError } from './guarded-client.js';
import type {
  FetchedResponse,
  GuardedClient,
  ResponseHead,
} from './guarded-client.js';

export interface GatherDependencies {
  /** Name resolution used for every connection (tests point names at loopback). */
  lookup?: Lookup;
  /** Clock for the timings, in milliseconds. */
  now?: () => number;
}

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
const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
/** How much of an untyped body is sniffed for an HTML start. */
const SNIFF_BYTES = 512;

/**
 * Step 1 of the pipeline (ANALYSIS.md): fetches the page and, in parallel after it, the
 * side requests, all under one deadline, and returns the immutable snapshot.
 */
export async function gather(
  url: string,
  options: AnalyserOptions,
  dependencies: GatherDependencies = {},
): Promise<Snapshot> {
  const deadline = startDeadline(options.deadlineMs);
  const client = createGuardedClient(options, dependencies);
  try {
    const page = await fetchPage(client, url, options, deadline.signal);
    const side = await gatherSideFetches(client, page, {
      deadline: deadline.signal,
      timeoutMs: options.sideFetchTimeoutMs,
    });
    return Object.freeze(buildSnapshot(url, page, side));
  } finally {
    deadline.clear();
    await client.close();
  }
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

function mediaTypeOf(headers: Record<string, string>): string | null {
  const value = headers['content-type'];
  if (value === undefined) return null;
  const type = value.split(';')[0].trim().toLowerCase();
  return type === '' ? null : type;
}

/** Refuses before the body is read when the content type says it is not HTML. */
function refuseDeclaredNonHtml(head: ResponseHead): void {
  const type = mediaTypeOf(head.headers);
  if (type === null || HTML_TYPES.includes(type)) return;
  throw notJudgeable(head, `The page is ${type}, not HTML.`);
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

interface SideFetches {
  robotsTxt: SideFetch;
  sitemap: SideFetch;
  notFoundProbe: SideFetch;
  favicon: SideFetch;
}

/** The analysis deadline and the bound of each side fetch within it. */
interface SideFetchBounds {
  deadline: AbortSignal;
  timeoutMs: number;
}

async function gatherSideFetches(
  client: GuardedClient,
  page: FetchedResponse,
  bounds: SideFetchBounds,
): Promise<SideFetches> {
  const origin = new URL(page.url).origin;
  const robotsAndSitemap = (async () => {
    const robotsTxt = await sideFetch(client, `${origin}/robots.txt`, bounds, {
      maxBytes: SIDE_LIMITS.robotsBytes,
      accept: TEXT_ACCEPT,
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
}

/** A side request never throws: any failure, its own timeout included, is recorded with its error code. */
async function sideFetch(
  client: GuardedClient,
  url: string,
  bounds: SideFetchBounds,
  options: SideFetchOptions,
): Promise<SideFetch> {
  const signal = AbortSignal.any([
    bounds.deadline,
    AbortSignal.timeout(bounds.timeoutMs),
  ]);
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
      body: options.readBody === false ? null : decodeUtf8(response.body).html,
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
 * The sitemap robots.txt names, or /sitemap.xml (ANALYSIS.md: either may pass). When
 * the named one is no XML sitemap, /sitemap.xml is tried too; its answer is kept only
 * when it is one, else the named sitemap's failure is what the site has to fix.
 */
async function fetchSitemap(
  client: GuardedClient,
  robotsTxt: SideFetch,
  origin: string,
  bounds: SideFetchBounds,
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

function buildSnapshot(
  requestedUrl: string,
  page: FetchedResponse,
  side: SideFetches,
): Snapshot {
  const contentType = page.headers['content-type'] ?? '';
  const decoded = decodeHtml(page.body, contentType || null);
  return {
    requestedUrl,
    finalUrl: page.url,
    redirects: page.redirects,
    statusCode: page.status,
    headers: page.headers,
    contentType,
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
  };
}
