import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchemaSnapshot } from './schema-snapshot.js';

class First {
  up(): string {
    return 'CREATE TABLE a ()';
  }
}
class Second {
  up(): string {
    return 'CREATE TABLE b ()';
  }
}
class SecondEdited {
  up(): string {
    return 'CREATE TABLE b (id int)';
  }
}
Object.defineProperty(SecondEdited, 'name', { value: 'Second' });

describe('SchemaSnapshot', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'schema-snapshot-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is another for another migration, an edited one, or another PGlite', () => {
    const paths = new Set([
      SchemaSnapshot.of([First], '0.5.14').path,
      SchemaSnapshot.of([First, Second], '0.5.14').path,
      SchemaSnapshot.of([First, SecondEdited], '0.5.14').path,
      SchemaSnapshot.of([First, Second], '0.5.15').path,
    ]);
    expect(paths.size).toBe(4);
    expect(SchemaSnapshot.of([First], '0.5.14').path).toBe(
      SchemaSnapshot.of([First], '0.5.14').path,
    );
  });

  it('reads back the tar it kept, and nothing before', async () => {
    const snapshot = SchemaSnapshot.of([First], '0.5.14', folder);
    expect(snapshot.path.startsWith(folder)).toBe(true);
    expect(await snapshot.read()).toBeNull();
    await snapshot.write(new Blob(['a tar of the data directory']));
    const read = await snapshot.read();
    expect(await read!.text()).toBe('a tar of the data directory');
    // Kept compressed.
    expect((await readFile(snapshot.path))[0]).toBe(0x1f);
  });
});
