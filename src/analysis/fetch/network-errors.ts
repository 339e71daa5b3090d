import { AnalysisError } from '../errors.js';

/**
 * What the network throws, as the API's error codes (docs/api.md, "error.code"): the
 * one place that reads undici's and Node's error codes.
 */

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_)|CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY|DECRYPT)|HOSTNAME_MISMATCH|ALTNAME/;

export function timeoutError(): AnalysisError {
  return new AnalysisError(
    'timeout',
    'The analysis did not finish within its deadline.',
  );
}

/** Rejects with `timeout` as soon as the signal aborts, whatever the work is waiting on. */
export function untilAborted<T>(
  work: Promise<T>,
  signal: AbortSignal,
): Promise<T> {
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
