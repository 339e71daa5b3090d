import { performance } from 'node:perf_hooks';
import { AnalysisError, createGuardedClient } from '../analysis/index.js';
import type { GuardedClient } from '../analysis/index.js';
import type { AppConfig } from '../config/config.js';

/** The most of an answer's body read; the rest is left unread. */
export const ANSWER_READ_BYTES = 64 * 1024;
/** The most of an answer's body kept in the attempt's record. */
export const ANSWER_KEPT_BYTES = 1024;

/** How one attempt went. */
export interface SendResult {
  succeeded: boolean;
  /** Null when no answer came. */
  statusCode: number | null;
  /** Why it failed; null on success. */
  error: string | null;
  durationMs: number;
  /** The first ANSWER_KEPT_BYTES of the answer's body, as text; null without an answer. */
  responseBody: string | null;
}

/** Text PostgreSQL can store: no NUL. */
function storable(bytes: Buffer): string {
  return bytes
    .subarray(0, ANSWER_KEPT_BYTES)
    .toString('utf8')
    .replaceAll('\u0000', '');
}

function describe(error: unknown): string {
  if (error instanceof AnalysisError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * POSTs webhook messages through the analyser's guarded client: the address policy is
 * applied to the address each connection really uses (checked again every attempt,
 * after DNS), redirects are answers rather than followed, and the whole attempt is
 * bounded by WEBHOOK_TIMEOUT_MS.
 */
export class WebhookSender {
  private readonly client: GuardedClient;

  constructor(private readonly config: AppConfig) {
    this.client = createGuardedClient({
      allowHosts: config.analyser.allowHosts,
      onlyAllowHosts: config.analyser.onlyAllowHosts,
      userAgent: config.analyser.userAgent,
      deadlineMs: config.webhookTimeoutMs,
    });
  }

  async send(
    url: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<SendResult> {
    const started = performance.now();
    let statusCode: number | null = null;
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const answer = await this.client.get(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
        accept: 'application/json, */*;q=0.5',
        signal: AbortSignal.timeout(this.config.webhookTimeoutMs),
        maxBytes: ANSWER_READ_BYTES,
        maxRedirects: 0,
        followRedirects: false,
        onHead: (head) => (statusCode = head.status),
      });
      const succeeded = answer.status >= 200 && answer.status < 300;
      return {
        succeeded,
        statusCode: answer.status,
        error: succeeded
          ? null
          : answer.status >= 300 && answer.status < 400
            ? `redirect not followed (${answer.status} to ${answer.headers.location ?? 'nowhere'})`
            : `the receiver answered ${answer.status}`,
        durationMs: elapsed(),
        responseBody: storable(answer.body),
      };
    } catch (error) {
      // An answer whose body is over ANSWER_READ_BYTES still tells its status.
      const tooLarge =
        error instanceof AnalysisError && error.code === 'too_large';
      const succeeded =
        tooLarge &&
        statusCode !== null &&
        statusCode >= 200 &&
        statusCode < 300;
      return {
        succeeded,
        statusCode: tooLarge ? statusCode : null,
        error: succeeded ? null : describe(error),
        durationMs: elapsed(),
        responseBody: null,
      };
    }
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
