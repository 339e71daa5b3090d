import type { ClaimedJob, JobsRepository } from './jobs.repository.js';
import { PostgresJobQueue } from './postgres-job-queue.js';

/** A jobs table in memory: each queue's due jobs, and every claim asked of it, by queue. */
class MemoryJobs {
  readonly due = new Map<string, ClaimedJob[]>();
  readonly claims: string[] = [];
  private next = 1;

  insert(queue: string, key: string, data: object): Promise<void> {
    const job: ClaimedJob = {
      id: String(this.next++),
      key,
      data,
      attempt: 1,
      group: null,
    };
    this.due.set(queue, [...(this.due.get(queue) ?? []), job]);
    return Promise.resolve();
  }
  claimDue(
    queue: string,
    _owner: string,
    limit: number,
  ): Promise<ClaimedJob[]> {
    this.claims.push(queue);
    const jobs = this.due.get(queue) ?? [];
    this.due.set(queue, jobs.slice(limit));
    return Promise.resolve(jobs.slice(0, limit));
  }
  finish(): Promise<void> {
    return Promise.resolve();
  }
  release(): Promise<void> {
    return Promise.resolve();
  }
  renew(): Promise<void> {
    return Promise.resolve();
  }
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('PostgresJobQueue', () => {
  it('claims, when a job is added or ends, from that queue alone', async () => {
    const jobs = new MemoryJobs();
    const queue = new PostgresJobQueue(jobs as unknown as JobsRepository);
    const ran: string[] = [];
    for (const name of ['pages', 'webhooks', 'schedules']) {
      queue.work(
        name,
        ({ key }) => {
          ran.push(key);
          return Promise.resolve();
        },
        { concurrency: 2 },
      );
    }
    try {
      // The first turn looks at every queue.
      while (jobs.claims.length < 3) await turn();
      expect(jobs.claims).toEqual(['pages', 'webhooks', 'schedules']);
      jobs.claims.length = 0;

      await queue.add('pages', {}, { key: 'p1' });
      while (!ran.includes('p1')) await turn();
      for (let i = 0; i < 5; i++) await turn();
      // The add, the claim that took it and the end that freed its slot: all of one queue.
      expect(ran).toEqual(['p1']);
      expect(new Set(jobs.claims)).toEqual(new Set(['pages']));
    } finally {
      await queue.close(1_000);
    }
  });
});
