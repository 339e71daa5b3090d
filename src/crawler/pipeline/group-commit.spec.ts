import { GroupCommit } from './group-commit.js';

describe('a group commit', () => {
  it('writes one item at once, and the items added meanwhile together', async () => {
    const groups: number[][] = [];
    let release: () => void = () => undefined;
    const writes = new GroupCommit<number, string>(async (items) => {
      groups.push(items);
      if (groups.length === 1) {
        await new Promise<void>((resolve) => (release = resolve));
      }
      return items.map((item) => `wrote ${item}`);
    }, 3);
    const first = writes.add(1);
    const later = [2, 3, 4, 5].map((item) => writes.add(item));
    release();
    expect(await first).toBe('wrote 1');
    expect(await Promise.all(later)).toEqual([
      'wrote 2',
      'wrote 3',
      'wrote 4',
      'wrote 5',
    ]);
    expect(groups).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('fails every item of a group whose write fails, and goes on with the next', async () => {
    let calls = 0;
    const writes = new GroupCommit<number, number>((items) => {
      calls++;
      if (calls === 1) return Promise.reject(new Error('away'));
      return Promise.resolve(items);
    }, 10);
    const failing = writes.add(1);
    const next = writes.add(2);
    await expect(failing).rejects.toThrow('away');
    expect(await next).toBe(2);
    await writes.idle();
  });
});
