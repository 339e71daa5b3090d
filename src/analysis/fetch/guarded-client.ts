import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';
import type { AnalyserOptions } from '../options.js';
import type { RedirectHop } from '../types.js';
import { policyOf, systemLookup } from './address-policy.js';
import type { AddressPolicy } from './address-policy.js';
import type { Lookup } from './address-policy.js';
import {
  abandon,
  assertDeclaredLengthFits,
  contentCodingsOf,
  decodersFor,
  discard,
  discardCounted,
  readBody,
} from './body.js';
import type { Decoder } from './body.js';
import { guardedConnector } from './connector.js';
import { toAnalysisError, untilAborted } from './network-errors.js';
import { RedirectChain, redirectTarget } from './redirects.js';
import { signalWithin } from './deadline.js';

/**
 * The HTTP client of the analyser and of webhook deliveries: the SSRF boundary. It
 * assembles the guarded connector (connector.ts), the redirect rules (redirects.ts),
 * the bounded body reader (body.ts) and the error codes (network-errors.ts).
 */

export const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The status line and headers of a response, before its body is read. */
export interface ResponseHead {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  /** Lowercased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
}

export interface FetchedResponse extends ResponseHead {
  requestedUrl: string;
  redirects: RedirectHop[];
  /** Each Set-Cookie header on its own: their dates hold commas, so they cannot be joined. */
  setCookies: string[];
  /** The content-decoded body (empty when not read). */
  body: Buffer;
  /** The codings of Content-Encoding as applied (lowercased, identity left out, ", "-joined), null when plain. */
  contentEncoding: string | null;
  /** Body bytes as they came over the wire. */
  transferBytes: number;
  /** The body was cut at the cap (GetOptions.truncate). */
  truncated?: boolean;
  /** From the first request of the chain until the final response's headers. */
  ttfbMs: number;
  /** From the first request of the chain until the final body was read. */
  loadTimeMs: number;
}

export interface GetOptions {
  /** Aborting it (the analysis deadline) fails the request with `timeout`. */
  signal: AbortSignal;
  /** Cap on the content-decoded body (and, with a little slack, the wire bytes). */
  maxBytes: number;
  /** Past maxBytes, keep the body's first maxBytes (`truncated`) instead of failing with too_large. */
  truncate?: boolean;
  maxRedirects: number;
  /** HEAD asks for the status and headers only; POST sends `body` (webhooks); GET by default. */
  method?: 'GET' | 'HEAD' | 'POST';
  /** The request body, with POST. */
  body?: string;
  /** Request headers besides user-agent, accept and accept-encoding. */
  headers?: Record<string, string>;
  /** false: a redirect is the answer (its Location in the headers), not followed. */
  followRedirects?: boolean;
  accept?: string;
  /** false: the body is discarded (a favicon only needs its status). */
  readBody?: boolean;
  /** Looks at the final head before the body is read; throwing stops the request. */
  onHead?: (head: ResponseHead) => void;
  /** false for a head whose body is not wanted: it is left unread (an empty body). */
  wantsBody?: (head: ResponseHead) => boolean;
}

/** The analysis deadline, and the bound of each request made beside the page within it. */
export interface RequestBounds {
  deadline: AbortSignal;
  timeoutMs: number;
}

/** Aborts at the deadline or once the request's own bound has passed, whichever comes first. */
export function boundedSignal(bounds: RequestBounds): AbortSignal {
  return signalWithin(bounds.timeoutMs, bounds.deadline);
}

export interface GuardedClient {
  get(url: string, options: GetOptions): Promise<FetchedResponse>;
  close(): Promise<void>;
}

export interface GuardedClientDependencies {
  lookup?: Lookup;
  now?: () => number;
  /** Built from options.allowHosts when absent. */
  policy?: AddressPolicy;
  /** Certificates to trust instead of the system's (tests trust their own TLS fixture). */
  trustedCertificates?: string[];
}

/**
 * An HTTP client that only ever connects to addresses the policy allows, on every hop
 * of every redirect (guardedConnector), and reads bodies within their limits.
 */
export function createGuardedClient(
  options: Pick<
    AnalyserOptions,
    'allowHosts' | 'onlyAllowHosts' | 'userAgent' | 'deadlineMs'
  >,
  dependencies: GuardedClientDependencies = {},
): GuardedClient {
  const policy = dependencies.policy ?? policyOf(options);
  const lookup = dependencies.lookup ?? systemLookup;
  const now = dependencies.now ?? (() => performance.now());
  const agent = new Agent({
    connect: guardedConnector(
      policy,
      lookup,
      options.deadlineMs,
      dependencies.trustedCertificates,
    ),
    headersTimeout: options.deadlineMs,
    bodyTimeout: options.deadlineMs,
  });
  const context: RequestContext = {
    agent,
    userAgent: options.userAgent,
    now,
  };
  return {
    get: (url, getOptions) =>
      untilAborted(
        fetchFollowingRedirects(context, url, getOptions),
        getOptions.signal,
      ),
    close: () => agent.destroy(),
  };
}

interface RequestContext {
  agent: Dispatcher;
  userAgent: string;
  now: () => number;
}

async function fetchFollowingRedirects(
  context: RequestContext,
  requestedUrl: string,
  options: GetOptions,
): Promise<FetchedResponse> {
  const started = context.now();
  const chain = new RedirectChain(options.maxRedirects);
  let url = requestedUrl;
  for (;;) {
    const response = await send(context, url, options);
    const location =
      options.followRedirects === false
        ? null
        : redirectTarget(response.statusCode, response.headers.location, url);
    if (location === null) {
      const ttfbMs = context.now() - started;
      return await readFinal(context, response, {
        requestedUrl,
        url,
        redirects: chain.hops,
        options,
        started,
        ttfbMs,
      });
    }
    await discard(response.body);
    chain.follow(url, response.statusCode, location);
    url = location;
  }
}

async function send(
  context: RequestContext,
  url: string,
  options: GetOptions,
): Promise<Dispatcher.ResponseData> {
  try {
    return await request(url, {
      dispatcher: context.agent,
      method: options.method ?? 'GET',
      signal: options.signal,
      body: options.body,
      headers: {
        'user-agent': context.userAgent,
        accept: options.accept ?? HTML_ACCEPT,
        'accept-encoding': ACCEPT_ENCODING,
        ...options.headers,
      },
    });
  } catch (error) {
    throw toAnalysisError(error, options.signal, url);
  }
}

interface FinalContext {
  requestedUrl: string;
  url: string;
  redirects: RedirectHop[];
  options: GetOptions;
  started: number;
  ttfbMs: number;
}

async function readFinal(
  context: RequestContext,
  response: Dispatcher.ResponseData,
  final: FinalContext,
): Promise<FetchedResponse> {
  const head: ResponseHead = {
    url: final.url,
    status: response.statusCode,
    headers: normaliseHeaders(response.headers),
  };
  const codings = contentCodingsOf(head.headers);
  const contentEncoding = codings.length > 0 ? codings.join(', ') : null;
  const { options } = final;
  let decoders: Decoder[] = [];
  let wanted: boolean;
  try {
    options.onHead?.(head);
    wanted = options.wantsBody?.(head) ?? true;
    if (wanted && options.readBody !== false) {
      if (!options.truncate) {
        assertDeclaredLengthFits(head.headers, options.maxBytes);
      }
      decoders = decodersFor(codings, final.url);
    }
  } catch (error) {
    abandon(response.body);
    throw error;
  }
  if (!wanted) abandon(response.body);
  const read = !wanted
    ? { body: Buffer.alloc(0), wireBytes: 0, truncated: false }
    : options.readBody === false
      ? await discardCounted(response.body)
      : await readBody(response.body, decoders, options, final.url);
  const setCookies = response.headers['set-cookie'] ?? [];
  return {
    ...head,
    requestedUrl: final.requestedUrl,
    redirects: final.redirects,
    setCookies: Array.isArray(setCookies) ? setCookies : [setCookies],
    body: read.body,
    contentEncoding,
    transferBytes: read.wireBytes,
    ...(read.truncated ? { truncated: true } : {}),
    ttfbMs: final.ttfbMs,
    loadTimeMs: context.now() - final.started,
  };
}

/** Lowercased names; repeated headers joined with ", ". */
export function normaliseHeaders(
  raw: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const joined = Array.isArray(value) ? value.join(', ') : value;
    headers[key] = key in headers ? `${headers[key]}, ${joined}` : joined;
  }
  return headers;
}
