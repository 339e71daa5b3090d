import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { backoffMs, JobQueue, RetryLater } from './job-queue.js';
import type { AddOptions, JobHandler, WorkOptions } from './job-queue.js';
import { JobsRepository } from './jobs.repository.js';
import type { ClaimedJob } from './jobs.repository.js';

/** How long a claimed job stays ours without renewal: a dead process's jobs run again after it. */
const LEASE_MS = 30_000;
/** Leases are renewed this often, well inside LEASE_MS. */
const RENEW_MS = 10_000;
/** How often an idle worker looks for due jobs (an add in this process wakes it at once). */
const POLL_MS = 500;

function repeatKey(queue: string, key: string): string {
  return `${queue}\n${key}`;
}

interface Consumer {
  queue: string;
  handler: JobHandler<unknown>;
  concurrency: number;
  perGroup: number;
  running: Map<string, Promise<void>>;
  /** Jobs running per group. */
  groups: Map<string, number>;
}

/**
 * Jobs in the database's jobs table, for the service without Redis (the embedded
 * default, or one machine). Each process claims due jobs with SKIP LOCKED under a
 * lease it renews; a job whose lease ran out (its process died, or the database
 * was away) is claimed again. Several processes on one database share the queue.
 */
export class PostgresJobQueue extends JobQueue {
  readonly consumes = true;
  private readonly logger = new Logger('Jobs');
  private readonly owner = `${process.pid}-${randomUUID()}`;
  private readonly consumers: Consumer[] = [];
  /** Repeating jobs by queue and key: their interval. */
  private readonly repeats = new Map<string, number>();
  /** Jobs to hand back whose hand-back failed (the database was away), with their delay. */
  private readonly unreleased = new Map<string, number>();
  private wake: () => void = () => {};
  /** The queues to claim from on the next turn: one a job was added to or left; all after a poll. */
  private readonly due = new Set<string>();
  private claimAll = true;
  private loop: Promise<void> | null = null;
  private renewer: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(private readonly jobs: JobsRepository) {
    super();
  }

  async add(queue: string, data: object, options: AddOptions): Promise<void> {
    await this.jobs.insert(
      queue,
      options.key,
      data,
      options.delayMs ?? 0,
      options.priority ?? 0,
      options.group ?? null,
    );
    this.wakeFor(queue);
  }

  async repeat(queue: string, key: string, everyMs: number): Promise<void> {
    this.repeats.set(repeatKey(queue, key), everyMs);
    await this.add(queue, {}, { key });
  }

  /** A repeating job is a row that hands itself back: it is missing only if someone deleted it. */
  async missingRepeats(): Promise<string[]> {
    const missing: string[] = [];
    for (const name of this.repeats.keys()) {
      const [queue, key] = name.split('\n');
      if (!(await this.jobs.exists(queue, key)))
        missing.push(`${queue}/${key}`);
    }
    return missing;
  }

  work<T>(queue: string, handler: JobHandler<T>, options: WorkOptions): void {
    this.consumers.push({
      queue,
      handler: handler as JobHandler<unknown>,
      concurrency: options.concurrency,
      perGroup: options.perGroup ?? options.concurrency,
      running: new Map(),
      groups: new Map(),
    });
    this.loop ??= this.pollUntilStopped();
    this.renewer ??= setInterval(() => void this.renewLeases(), RENEW_MS);
  }

  async close(graceMs: number): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    if (this.renewer) clearInterval(this.renewer);
    const running = this.consumers.flatMap((c) => [...c.running.values()]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(running),
      new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
    const unfinished = this.consumers.flatMap((c) => [...c.running.keys()]);
    if (unfinished.length > 0) {
      // Handed back now rather than when the lease runs out.
      await this.jobs.release(this.owner, unfinished, 0).catch(() => undefined);
    }
  }

  /**
   * Claims due jobs: after a poll's wait, of every queue (other processes add, delays
   * run out); woken, only of the queues a job was added to or left (each claim is a
   * statement, and on the embedded database it runs on this thread).
   */
  private async pollUntilStopped(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      let claimed = 0;
      const queues = this.claimAll ? null : new Set(this.due);
      this.claimAll = false;
      this.due.clear();
      try {
        await this.releaseLeftovers();
        for (const consumer of this.consumers) {
          if (queues && !queues.has(consumer.queue)) continue;
          const taken = await this.claimFor(consumer);
          if (taken > 0) this.due.add(consumer.queue);
          claimed += taken;
        }
        failures = 0;
      } catch (error) {
        failures++;
        this.claimAll = true;
        if (failures === 1) {
          this.logger.warn(`Cannot claim jobs: ${(error as Error).message}`);
        }
      }
      // A queue woken while this turn claimed is looked at again at once.
      if ((claimed === 0 && this.due.size === 0) || failures > 0) {
        const waited = await this.sleep(
          failures > 0 ? backoffMs(failures) : POLL_MS,
        );
        if (waited) this.claimAll = true;
      }
    }
  }

  private wakeFor(queue: string): void {
    this.due.add(queue);
    this.wake();
  }

  private async claimFor(consumer: Consumer): Promise<number> {
    const free = consumer.concurrency - consumer.running.size;
    if (free <= 0) return 0;
    const room = Object.fromEntries(
      [...consumer.groups].map(([group, n]) => [group, consumer.perGroup - n]),
    );
    const jobs = await this.jobs.claimDue(
      consumer.queue,
      this.owner,
      free,
      LEASE_MS,
      { room, fresh: consumer.perGroup },
    );
    for (const job of jobs) {
      const { group } = job;
      if (group !== null) {
        consumer.groups.set(group, (consumer.groups.get(group) ?? 0) + 1);
      }
      const done = this.runJob(consumer, job).finally(() => {
        consumer.running.delete(job.id);
        if (group !== null) {
          const left = (consumer.groups.get(group) ?? 1) - 1;
          if (left > 0) consumer.groups.set(group, left);
          else consumer.groups.delete(group);
        }
        this.wakeFor(consumer.queue);
      });
      consumer.running.set(job.id, done);
    }
    return jobs.length;
  }

  private async runJob(consumer: Consumer, job: ClaimedJob): Promise<void> {
    try {
      await consumer.handler({
        key: job.key,
        data: job.data,
        attempt: job.attempt,
      });
      const every = this.repeats.get(repeatKey(consumer.queue, job.key));
      // A repeating job is not finished but handed back for its next run, in one statement.
      if (every === undefined) await this.jobs.finish(this.owner, job.id);
      else await this.jobs.release(this.owner, [job.id], every, true);
    } catch (error) {
      const delay =
        error instanceof RetryLater ? error.delayMs : backoffMs(job.attempt);
      if (!(error instanceof RetryLater)) {
        this.logger.warn(
          `Job ${consumer.queue} ${job.key} failed (attempt ${job.attempt}), again in ${delay} ms: ${(error as Error).message}`,
        );
      }
      // When the database is away this fails too: it is done as soon as the database
      // answers again, or, should this process die first, when the lease runs out.
      await this.jobs
        .release(this.owner, [job.id], delay)
        .catch(() => this.unreleased.set(job.id, delay));
    }
  }

  private async releaseLeftovers(): Promise<void> {
    for (const [id, delay] of this.unreleased) {
      await this.jobs.release(this.owner, [id], delay);
      this.unreleased.delete(id);
    }
  }

  private async renewLeases(): Promise<void> {
    const ids = this.consumers.flatMap((c) => [...c.running.keys()]);
    if (ids.length === 0) return;
    await this.jobs
      .renew(this.owner, ids, LEASE_MS)
      .catch((error: Error) =>
        this.logger.warn(`Cannot renew job leases: ${error.message}`),
      );
  }

  /** Waits ms, or until woken: true when the whole wait ran. */
  private sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(true), ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });
  }
}
