import { performance } from 'node:perf_hooks';
import { Readable, pipeline as streamPipeline } from 'node:stream';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
} from 'node:zlib';
import { Agent, buildConnector, request } from 'undici';
import type { Dispatcher } from 'undici';
import { AnalysisError } from '../errors.js';
import type { AnalyserOptions } from '../options.js';
import type { RedirectHop } from '../types.js';
import {
  AddressPolicy,
  parseAddress,
  resolveAllowed,
  systemLookup,
} from './address-policy.js';
import type { Lookup } from './address-policy.js';

export const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';
const ACCEPT_ENCODING = 'gzip, deflate, br';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Compressed bodies are a little larger than their content only when tiny. */
const WIRE_SLACK_BYTES = 64 * 1024;

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
}

/** The analysis deadline, and the bound of each request made beside the page within it. */
export interface RequestBounds {
  deadline: AbortSignal;
  timeoutMs: number;
}

/** Aborts at the deadline or once the request's own bound has passed, whichever comes first. */
export function boundedSignal(bounds: RequestBounds): AbortSignal {
  return AbortSignal.any([
    bounds.deadline,
    AbortSignal.timeout(bounds.timeoutMs),
  ]);
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
 * An HTTP client that only ever connects to addresses the policy allows: the host of
 * every hop is resolved and checked, the socket is opened to that very address and its
 * remote address is checked again, so DNS rebinding cannot slip through.
 */
export function createGuardedClient(
  options: Pick<AnalyserOptions, 'allowHosts' | 'userAgent' | 'deadlineMs'>,
  dependencies: GuardedClientDependencies = {},
): GuardedClient {
  const policy = dependencies.policy ?? new AddressPolicy(options.allowHosts);
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

function guardedConnector(
  policy: AddressPolicy,
  lookup: Lookup,
  timeoutMs: number,
  trustedCertificates: string[] | undefined,
): buildConnector.connector {
  const connectTo = buildConnector({
    timeout: timeoutMs,
    ...(trustedCertificates ? { ca: trustedCertificates } : {}),
  });
  return (target, callback) => {
    resolveAllowed(target.hostname, policy, lookup).then(
      ({ address }) => {
        connectTo(
          {
            ...target,
            hostname: address,
            servername: target.servername || serverNameOf(target.hostname),
          },
          (error, socket) => {
            if (error) return callback(error, null);
            const refusal = refusalOfSocket(socket, policy, target.hostname);
            if (refusal === null) return callback(null, socket);
            socket.destroy();
            callback(refusal, null);
          },
        );
      },
      (error: Error) => callback(error, null),
    );
  };
}

/** SNI carries the host name the URL asked for; IP literals send none. */
function serverNameOf(hostname: string): string | undefined {
  return parseAddress(hostname) ? undefined : hostname;
}

function refusalOfSocket(
  socket: { remoteAddress?: string },
  policy: AddressPolicy,
  hostname: string,
): AnalysisError | null {
  const address = socket.remoteAddress;
  const reason = address
    ? policy.refusal(address, hostname)
    : 'unknown address';
  if (reason === null) return null;
  return new AnalysisError(
    'blocked',
    `The connection to ${hostname} reached ${address ?? 'an unknown address'}, which is not allowed (${reason}).`,
  );
}

async function fetchFollowingRedirects(
  context: RequestContext,
  requestedUrl: string,
  options: GetOptions,
): Promise<FetchedResponse> {
  const started = context.now();
  const redirects: RedirectHop[] = [];
  let url = requestedUrl;
  for (;;) {
    const response = await send(context, url, options);
    const location =
      options.followRedirects === false ? null : redirectTarget(response, url);
    if (location === null) {
      const ttfbMs = context.now() - started;
      return await readFinal(context, response, {
        requestedUrl,
        url,
        redirects,
        options,
        started,
        ttfbMs,
      });
    }
    await discard(response.body);
    if (redirects.length >= options.maxRedirects) {
      throw new AnalysisError(
        'redirect_limit',
        `More than ${options.maxRedirects} redirects (the last one to ${location}).`,
      );
    }
    redirects.push({ url, status_code: response.statusCode });
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

/** The absolute http(s) URL a redirect points to, or null when the response is final. */
function redirectTarget(
  response: Dispatcher.ResponseData,
  currentUrl: string,
): string | null {
  if (!REDIRECT_STATUSES.has(response.statusCode)) return null;
  const location = headerValue(response.headers.location);
  if (location === undefined) return null;
  let target: URL;
  try {
    target = new URL(location, currentUrl);
  } catch {
    throw new AnalysisError(
      'connection',
      `The redirect from ${currentUrl} names an invalid location.`,
    );
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new AnalysisError(
      'blocked',
      `The redirect from ${currentUrl} leads to a ${target.protocol} URL, which is not fetched.`,
    );
  }
  target.hash = '';
  return target.href;
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
  try {
    options.onHead?.(head);
    if (options.readBody !== false) {
      assertDeclaredLengthFits(head.headers, options.maxBytes);
      decoders = decodersFor(codings, final.url);
    }
  } catch (error) {
    abandon(response.body);
    throw error;
  }
  const read =
    options.readBody === false
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
    ttfbMs: final.ttfbMs,
    loadTimeMs: context.now() - final.started,
  };
}

function assertDeclaredLengthFits(
  headers: Record<string, string>,
  maxBytes: number,
): void {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + WIRE_SLACK_BYTES) {
    throw tooLarge(maxBytes);
  }
}

interface ReadBody {
  body: Buffer;
  wireBytes: number;
}

/** Streams the body through its decoders, failing as soon as any count passes its cap. */
async function readBody(
  body: Readable,
  decoders: readonly Decoder[],
  options: GetOptions,
  url: string,
): Promise<ReadBody> {
  let wireBytes = 0;
  const wireCap = options.maxBytes + WIRE_SLACK_BYTES;
  const countWire = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      wireBytes += chunk.length;
      if (wireBytes > wireCap) throw tooLarge(options.maxBytes);
      yield chunk;
    }
  };
  const collect = async (source: AsyncIterable<Buffer>) => {
    const chunks: Buffer[] = [];
    let decodedBytes = 0;
    for await (const chunk of source) {
      decodedBytes += chunk.length;
      if (decodedBytes > options.maxBytes) throw tooLarge(options.maxBytes);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, decodedBytes);
  };
  // Each stage is capped too: stacked codings must not hide a bomb halfway through.
  const decode = (source: AsyncIterable<Buffer>) =>
    decoders.reduce<AsyncIterable<Buffer>>(
      (stream, decoder) => capped(decoder(stream), options.maxBytes),
      source,
    );
  try {
    const decoded =
      decoders.length > 0
        ? await pipeline(body, countWire, decode, collect, {
            signal: options.signal,
          })
        : await pipeline(body, countWire, collect, { signal: options.signal });
    return { body: decoded, wireBytes };
  } catch (error) {
    abandon(body);
    throw toAnalysisError(error, options.signal, url);
  }
}

/** Passes the chunks on, failing with too_large once they add up to more than maxBytes. */
async function* capped(
  source: AsyncIterable<Buffer>,
  maxBytes: number,
): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of source) {
    bytes += chunk.length;
    if (bytes > maxBytes) throw tooLarge(maxBytes);
    yield chunk;
  }
}

type Decoder = (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer>;

/** The codings Node's zlib decodes (Node 20's has no zstd). */
const DECODERS = new Map<string, Decoder>([
  ['gzip', lazilyDecompressed(() => createGunzip())],
  ['x-gzip', lazilyDecompressed(() => createGunzip())],
  ['br', lazilyDecompressed(() => createBrotliDecompress())],
  [
    'deflate',
    // "deflate" should be zlib-wrapped, but some servers send raw deflate.
    lazilyDecompressed((first) =>
      hasZlibHeader(first) ? createInflate() : createInflateRaw(),
    ),
  ],
]);

/**
 * The decoders that undo `codings` (listed in the order they were applied), last first.
 * An unsupported coding fails: its bytes judged as HTML would be nonsense.
 */
function decodersFor(codings: readonly string[], url: string): Decoder[] {
  return codings
    .map((coding) => {
      const decoder = DECODERS.get(coding);
      if (decoder) return decoder;
      throw new AnalysisError(
        'not_html',
        `The body of ${url} is sent with Content-Encoding ${coding}, which is unsupported (only gzip, br and deflate are decoded).`,
      );
    })
    .reverse();
}

/** Picks the decompressor on the first chunk; an empty body stays empty instead of failing. */
function lazilyDecompressed(create: (first: Buffer) => Duplex): Decoder {
  return async function* (source) {
    const chunks = source[Symbol.asyncIterator]();
    const first = await chunks.next();
    if (first.done) return;
    const firstChunk = first.value;
    const rest = async function* () {
      yield firstChunk;
      for (
        let next = await chunks.next();
        !next.done;
        next = await chunks.next()
      )
        yield next.value;
    };
    const decompressor = create(firstChunk);
    // The callback form destroys the decompressor with any error, which ends the loop below.
    streamPipeline(Readable.from(rest()), decompressor, () => undefined);
    try {
      for await (const chunk of decompressor) yield chunk as Buffer;
    } finally {
      decompressor.destroy();
    }
  };
}

function hasZlibHeader(chunk: Buffer): boolean {
  if (chunk.length < 2) return false;
  return (chunk[0] & 0x0f) === 8 && (chunk[0] * 256 + chunk[1]) % 31 === 0;
}

async function discard(body: Readable): Promise<void> {
  try {
    await (body as Readable & { dump?: () => Promise<void> }).dump?.();
  } catch {
    // A redirect's body is of no interest; its connection is simply not reused.
  }
  abandon(body);
}

/** Drops a body we will not read; the error its destruction emits concerns nobody. */
function abandon(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

async function discardCounted(body: Readable): Promise<ReadBody> {
  await discard(body);
  return { body: Buffer.alloc(0), wireBytes: 0 };
}

/** The codings of Content-Encoding in the order they were applied, lowercased, identity left out. */
export function contentCodingsOf(headers: Record<string, string>): string[] {
  return (headers['content-encoding'] ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
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

function tooLarge(maxBytes: number): AnalysisError {
  return new AnalysisError(
    'too_large',
    `The body is larger than ${maxBytes} bytes.`,
  );
}

/** Rejects with `timeout` as soon as the signal aborts, whatever the work is waiting on. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(timeoutError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timeoutError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(toAnalysisError(error, signal));
      },
    );
  });
}

function timeoutError(): AnalysisError {
  return new AnalysisError(
    'timeout',
    'The analysis did not finish within its deadline.',
  );
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_)|CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY|DECRYPT)|HOSTNAME_MISMATCH|ALTNAME/;

/** Maps whatever the network threw (undici wraps causes) to the API's error codes. */
export function toAnalysisError(
  error: unknown,
  signal: AbortSignal,
  url?: string,
): AnalysisError {
  const chain = causesOf(error);
  const known = chain.find((e) => e instanceof AnalysisError);
  if (known) return known;
  if (signal.aborted) return timeoutError();
  const where = url ? ` (${url})` : '';
  for (const cause of chain) {
    const code = codeOf(cause);
    if (code === undefined) continue;
    if (DNS_CODES.has(code))
      return new AnalysisError(
        'dns',
        `The host could not be resolved${where}.`,
      );
    if (TIMEOUT_CODES.has(code)) return timeoutError();
    if (TLS_CODE.test(code))
      return new AnalysisError('tls', `TLS failed${where}: ${code}.`);
  }
  const code = chain.map(codeOf).find((c) => c !== undefined);
  return new AnalysisError(
    'connection',
    `The connection failed${where}: ${code ?? messageOf(error)}.`,
  );
}

function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  const pending: unknown[] = [error];
  while (pending.length > 0 && chain.length < 20) {
    const current = pending.shift();
    if (current === undefined || current === null || chain.includes(current))
      continue;
    chain.push(current);
    if (current instanceof AggregateError)
      pending.push(...(current.errors as unknown[]));
    if (current instanceof Error) pending.push(current.cause);
  }
  return chain;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
