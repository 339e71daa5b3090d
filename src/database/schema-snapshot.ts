import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

/**
 * A fresh embedded database with every migration run, kept as PGlite's data directory
 * (a tar, gzipped) in the system's temporary folder: a throwaway database (the command
 * line's self-contained audit) starts from it instead of creating a cluster (initdb,
 * 5–10 s in WebAssembly) and replaying the migrations. Named by the migrations'
 * code and PGlite's version, so a change to either makes another.
 */
export class SchemaSnapshot {
  private constructor(readonly path: string) {}

  /** The snapshot of these migrations, on this PGlite. */
  static of(
    migrations: ReadonlyArray<{ name: string; toString(): string }>,
    pgliteVersion: string,
    folder = tmpdir(),
  ): SchemaSnapshot {
    const hash = createHash('sha256').update(pgliteVersion);
    for (const migration of migrations) {
      hash.update(migration.name).update(migration.toString());
    }
    const key = hash.digest('hex').slice(0, 16);
    return new SchemaSnapshot(
      join(folder, 'report-service-schema', `${key}.tar.gz`),
    );
  }

  /** The data directory's tar; null when none was kept (or it cannot be read). */
  async read(): Promise<Blob | null> {
    try {
      return new Blob([await promisify(gunzip)(await readFile(this.path))]);
    } catch {
      return null;
    }
  }

  /** Keeps a data directory's tar; written aside and renamed, as commands may run side by side. */
  async write(tar: Blob): Promise<void> {
    const zipped = await promisify(gzip)(Buffer.from(await tar.arrayBuffer()));
    await mkdir(join(this.path, '..'), { recursive: true });
    const aside = `${this.path}.${process.pid}`;
    await writeFile(aside, zipped);
    await rename(aside, this.path);
  }
}
