import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ExchangeSocketServer } from './pglite-exchanges.js';

interface ServerFile {
  pid: number;
  port: number;
}

const SERVER_FILE = 'embedded-server.json';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded default database: PGlite (PostgreSQL compiled to WebAssembly) in this
 * process, served over a loopback socket so the ordinary `pg` driver, SQL and
 * migrations run unchanged. PGlite is a single session: one process owns a data
 * directory, and others (the CLI beside a running server) connect to its socket.
 */
export class EmbeddedPostgres {
  private constructor(
    readonly url: string,
    private readonly stopServer: () => Promise<void>,
    private readonly db: PGlite,
  ) {}

  /** The URL of an embedded server another live process already runs on dataDir. */
  static async findRunning(dataDir: string): Promise<string | null> {
    try {
      const raw = await readFile(join(dataDir, SERVER_FILE), 'utf8');
      const file = JSON.parse(raw) as ServerFile;
      if (file.pid !== process.pid && isAlive(file.pid)) {
        return EmbeddedPostgres.urlFor(file.port);
      }
    } catch {
      // No server file, or an unreadable one: nobody is serving this directory.
    }
    return null;
  }

  /**
   * Serves dataDir on 127.0.0.1; port 0 picks a free one. `from`, a data directory's
   * tar (dump()), fills a new dataDir instead of a fresh cluster.
   */
  static async start(
    dataDir: string,
    port = 0,
    from?: Blob,
  ): Promise<EmbeddedPostgres> {
    if (await EmbeddedPostgres.findRunning(dataDir)) {
      throw new Error(
        `Another process is already serving the embedded database in ${dataDir}. ` +
          'Stop it, or set DATA_DIR to another directory.',
      );
    }
    await mkdir(dataDir, { recursive: true });
    const db = await PGlite.create({
      dataDir: join(dataDir, 'pgdata'),
      extensions: { pg_trgm },
      ...(from ? { loadDataDir: from } : {}),
    });
    // The service's one connection, and CLIs beside it.
    const server = new ExchangeSocketServer(db, 16);
    const boundPort = await server.start(port);
    const serverFile = join(dataDir, SERVER_FILE);
    await writeFile(
      serverFile,
      JSON.stringify({
        pid: process.pid,
        port: boundPort,
      } satisfies ServerFile),
    );
    return new EmbeddedPostgres(
      EmbeddedPostgres.urlFor(boundPort),
      async () => {
        await server.stop();
        await db.close();
        await rm(serverFile, { force: true });
      },
      db,
    );
  }

  private static urlFor(port: number): string {
    return `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  /** The data directory as a tar, for start(…, from). */
  dump(): Promise<Blob> {
    return this.db.dumpDataDir('none');
  }

  private stopping: Promise<void> | null = null;

  /** Stops the server once; later calls wait for the same stop. */
  stop(): Promise<void> {
    this.stopping ??= this.stopServer();
    return this.stopping;
  }
}
