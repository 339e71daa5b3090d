import { DurableJobs } from './durable-jobs.js';
import { JobQueue } from './job-queue.js';
import type { AddOptions } from './job-queue.js';

/** A queue whose store is away or up, as the test says; it records what was added. */
class SwitchableQueue extends JobQueue {
  readonly consumes = false;
  up = true;
  readonly added: string[] = [];

  add(_queue: string, _data: object, options: AddOptions): Promise<void> {
    if (!this.up) return Promise.reject(new Error('Redis is not connected'));
    this.added.push(options.key);
    return Promise.resolve();
  }
  repeat(): Promise<void> {
    return Promise.resolve();
  }
  missingRepeats(): Promise<string[]> {
    return Promise.resolve([]);
  }
  work(): void {}
  close(): Promise<void> {
    return Promise.resolve();
  }
}

describe('DurableJobs', () => {
  const queue = new SwitchableQueue();
  const jobs = new DurableJobs<{ id: string }>(queue, {
    queue: 'things',
    keyOf: ({ id }) => `thing-${id}`,
    handle: () => Promise.resolve(),
    concurrency: 1,
    sweepEveryMs: 60_000,
    findLost: () => Promise.resolve([{ data: { id: 'lost' } }]),
  });

  it('says whether a job was added, and never throws when its store is away', async () => {
    queue.up = false;
    await expect(jobs.tryAdd({ id: '1' })).resolves.toBe(false);
    await expect(jobs.add({ id: '1' })).resolves.toBeUndefined();
    queue.up = true;
    await expect(jobs.tryAdd({ id: '1' })).resolves.toBe(true);
    expect(queue.added).toEqual(['thing-1']);
  });

  it('adds again what the sweep finds lost once the store is back', async () => {
    queue.up = false;
    await jobs.sweep();
    queue.up = true;
    await jobs.sweep();
    expect(queue.added).toContain('thing-lost');
  });
});
