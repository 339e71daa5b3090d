import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

/** Message types that end a client's exchange: Sync, a simple Query, Terminate. */
const EXCHANGE_ENDS = new Set(['S', 'Q', 'X']);
/** An exchange whose client sends nothing more for this long gives the session up. */
const STALLED_EXCHANGE_MS = 10_000;

interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

/**
 * The one session of PGlite shared by several socket connections, one exchange at a
 * time. A client's extended-protocol messages (Parse, Bind, Describe, Execute) up to
 * its Sync are one exchange: another connection's messages wait until it ends, or
 * they would replace its unnamed statement ("unnamed prepared statement does not
 * exist"). Inside a transaction the session stays with the connection that opened it.
 * It answers what pglite-socket's handlers ask of their query queue.
 */
export class ExchangeQueue {
  private readonly queue: Pending[] = [];
  /** The connection whose exchange or transaction holds the session. */
  private owner: number | null = null;
  private ownerSince = 0;
  private running = false;
  private stallTimer: NodeJS.Timeout | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(
    handlerId: number,
    message: Uint8Array,
    onData: (data: Uint8Array) => void,
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.run();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  /** A connection went away: its queued messages fail, and the session is free again. */
  clearQueueForHandler(handlerId: number): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i].handlerId !== handlerId) continue;
      this.queue.splice(i, 1)[0].reject(new Error('Handler disconnected'));
    }
  }

  /** Rolls back the transaction a departed connection left open, and frees the session. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    // exec takes the session's lock itself: inside runExclusive it would wait for ever.
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.release();
    void this.run();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const index =
          this.owner === null
            ? 0
            : this.queue.findIndex((p) => p.handlerId === this.owner);
        if (index === -1 || this.queue.length === 0) break;
        const next = this.queue.splice(index, 1)[0];
        await this.execute(next);
      }
    } finally {
      this.running = false;
    }
    // The owner went quiet mid-exchange: others wait, but not for ever.
    if (this.owner !== null && this.queue.length > 0) this.watchStall();
  }

  private async execute(pending: Pending): Promise<void> {
    let bytes = 0;
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(pending.message, {
          onRawData: (data) => {
            bytes += data.length;
            pending.onData(data);
          },
        }),
      );
    } catch (error) {
      this.release();
      pending.reject(error as Error);
      return;
    }
    const type = String.fromCharCode(pending.message[0]);
    // A startup message has no type byte: its first byte is one of its length's.
    const endsExchange = pending.message[0] === 0 || EXCHANGE_ENDS.has(type);
    if (endsExchange && !this.db.isInTransaction()) this.release();
    else this.hold(pending.handlerId);
    pending.resolve(bytes);
  }

  private hold(handlerId: number): void {
    if (this.owner !== handlerId) this.ownerSince = Date.now();
    this.owner = handlerId;
  }

  private release(): void {
    this.owner = null;
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.stallTimer = null;
  }

  private watchStall(): void {
    if (this.stallTimer) return;
    const left = Math.max(
      0,
      this.ownerSince + STALLED_EXCHANGE_MS - Date.now(),
    );
    this.stallTimer = setTimeout(() => {
      this.stallTimer = null;
      if (this.owner === null || this.db.isInTransaction()) return;
      this.release();
      void this.run();
    }, left);
  }
}

/**
 * PGlite served on a loopback socket, each connection's exchanges whole (see
 * ExchangeQueue): the ordinary `pg` driver of the service, and of a CLI beside it,
 * share the one session without interleaving.
 */
export class ExchangeSocketServer {
  private readonly queue: ExchangeQueue;
  private readonly handlers = new Set<PGLiteSocketHandler>();
  private server: Server | null = null;

  constructor(
    db: PGlite,
    private readonly maxConnections: number,
  ) {
    this.queue = new ExchangeQueue(db);
  }

  /** Listens on 127.0.0.1 (port 0 picks one); answers the port bound. */
  start(port: number): Promise<number> {
    const server = createServer((socket) => this.connect(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  async stop(): Promise<void> {
    for (const handler of this.handlers) await handler.detach(true);
    this.handlers.clear();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
    this.server = null;
  }

  private connect(socket: Socket): void {
    if (this.handlers.size >= this.maxConnections) {
      // A client told at once, rather than kept waiting (its own retries are bounded).
      socket.end('Too many connections\n');
      return;
    }
    const handler = new PGLiteSocketHandler({
      queryQueue: this.queue as never,
      closeOnDetach: true,
    });
    this.handlers.add(handler);
    const forget = () => this.handlers.delete(handler);
    handler.addEventListener('close', forget);
    handler.addEventListener('error', forget);
    void handler.attach(socket).catch(() => {
      forget();
      socket.destroy();
    });
  }
}
