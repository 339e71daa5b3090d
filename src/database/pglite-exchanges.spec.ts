import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ExchangeSocketServer } from './pglite-exchanges.js';

/** Resolves to 'pending' when `promise` has not settled by `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  return Promise.race([
    promise,
    new Promise<'pending'>((resolve) =>
      setTimeout(() => resolve('pending'), ms),
    ),
  ]);
}

/** The one PGlite session, served to several `pg` clients on a loopback socket. */
describe('ExchangeSocketServer', () => {
  let db: PGlite;
  let server: ExchangeSocketServer;
  let url: string;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec('CREATE TABLE things (name text)');
    server = new ExchangeSocketServer(db, 4);
    url = `postgres://postgres@127.0.0.1:${await server.start(0)}/postgres`;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.close();
  });

  it('rolls back the transaction of a client that went away in it, and serves the others', async () => {
    const leaving = new pg.Client(url);
    leaving.on('error', () => {});
    await leaving.connect();
    await leaving.query('BEGIN');
    await leaving.query(`INSERT INTO things VALUES ('left behind')`);
    // Gone mid-transaction, as a pooled client is when its process or pool ends.
    (
      leaving as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();

    const staying = new pg.Client(url);
    staying.on('error', () => {});
    try {
      const read = await within(
        staying
          .connect()
          .then(() =>
            staying.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM things',
            ),
          ),
        10_000,
      );
      expect(read === 'pending' ? read : read.rows).toEqual([{ n: 0 }]);
      expect(db.isInTransaction()).toBe(false);
    } finally {
      await within(staying.end(), 1_000);
    }
  });
});
