import { Readable, pipeline as streamPipeline } from 'node:stream';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
} from 'node:zlib';
import { AnalysisError } from '../errors.js';
import { toAnalysisError } from './network-errors.js';

/**
 * A response body read within its limits: decompressed stage by stage, each stage
 * capped, so neither a large page nor a compression bomb costs more than the cap.
 */

/** Compressed bodies are a little larger than their content only when tiny. */
const WIRE_SLACK_BYTES = 64 * 1024;

/** What reading a body is bounded by. */
export interface BodyLimits {
  /** Aborting it fails the read with `timeout`. */
  signal: AbortSignal;
  /** Cap on the content-decoded body (and, with a little slack, the wire bytes). */
  maxBytes: number;
  /** Past the cap, keep its first maxBytes (as a search engine reads a page) instead of failing. */
  truncate?: boolean;
}

export interface ReadBody {
  body: Buffer;
  wireBytes: number;
  /** The body was cut at maxBytes (with `truncate`). */
  truncated: boolean;
}

/** Ends a truncating read once the cap is reached: not an error. */
class CapReached extends Error {}

/** Fails with too_large before reading when Content-Length already says the body is over the cap. */
export function assertDeclaredLengthFits(
  headers: Record<string, string>,
  maxBytes: number,
): void {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + WIRE_SLACK_BYTES) {
    throw tooLarge(maxBytes);
  }
}

/** Streams the body through its decoders, failing as soon as any count passes its cap. */
export async function readBody(
  body: Readable,
  decoders: readonly Decoder[],
  limits: BodyLimits,
  url: string,
): Promise<ReadBody> {
  let wireBytes = 0;
  const wireCap = limits.maxBytes + WIRE_SLACK_BYTES;
  const countWire = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      wireBytes += chunk.length;
      if (wireBytes > wireCap) {
        // Truncating, a body that decodes to less than it weighs is cut at twice the cap.
        if (!limits.truncate) throw tooLarge(limits.maxBytes);
        if (wireBytes > 2 * wireCap) throw new CapReached();
      }
      yield chunk;
    }
  };
  const chunks: Buffer[] = [];
  let decodedBytes = 0;
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      if (decodedBytes + chunk.length > limits.maxBytes) {
        if (!limits.truncate) throw tooLarge(limits.maxBytes);
        chunks.push(chunk.subarray(0, limits.maxBytes - decodedBytes));
        decodedBytes = limits.maxBytes;
        throw new CapReached();
      }
      decodedBytes += chunk.length;
      chunks.push(chunk);
    }
  };
  // Each stage is capped too: stacked codings must not hide a bomb halfway through.
  const decode = (source: AsyncIterable<Buffer>) =>
    decoders.reduce<AsyncIterable<Buffer>>(
      (stream, decoder) =>
        capped(decoder(stream), limits.maxBytes, limits.truncate ?? false),
      source,
    );
  try {
    if (decoders.length > 0) {
      await pipeline(body, countWire, decode, collect, {
        signal: limits.signal,
      });
    } else {
      await pipeline(body, countWire, collect, { signal: limits.signal });
    }
    return {
      body: Buffer.concat(chunks, decodedBytes),
      wireBytes,
      truncated: false,
    };
  } catch (error) {
    abandon(body);
    if (error instanceof CapReached) {
      return {
        body: Buffer.concat(chunks, decodedBytes),
        wireBytes,
        truncated: true,
      };
    }
    throw toAnalysisError(error, limits.signal, url);
  }
}

/**
 * Passes the chunks on, failing with too_large once they add up to more than maxBytes;
 * when truncating, passing on what fits, then ending the read as cut.
 */
async function* capped(
  source: AsyncIterable<Buffer>,
  maxBytes: number,
  truncate: boolean,
): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of source) {
    if (bytes + chunk.length > maxBytes) {
      if (!truncate) throw tooLarge(maxBytes);
      yield chunk.subarray(0, maxBytes - bytes);
      throw new CapReached();
    }
    bytes += chunk.length;
    yield chunk;
  }
}

export type Decoder = (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer>;

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
export function decodersFor(
  codings: readonly string[],
  url: string,
): Decoder[] {
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

/** Reads a body to its end and drops it, so its connection can be reused. */
export async function discard(body: Readable): Promise<void> {
  try {
    await (body as Readable & { dump?: () => Promise<void> }).dump?.();
  } catch {
    // A redirect's body is of no interest; its connection is simply not reused.
  }
  abandon(body);
}

/** Drops a body we will not read; the error its destruction emits concerns nobody. */
export function abandon(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** A body discarded, counted as none. */
export async function discardCounted(body: Readable): Promise<ReadBody> {
  await discard(body);
  return { body: Buffer.alloc(0), wireBytes: 0, truncated: false };
}

/** The codings of Content-Encoding in the order they were applied, lowercased, identity left out. */
export function contentCodingsOf(headers: Record<string, string>): string[] {
  return (headers['content-encoding'] ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

function tooLarge(maxBytes: number): AnalysisError {
  return new AnalysisError(
    'too_large',
    `The body is larger than ${maxBytes} bytes.`,
  );
}
