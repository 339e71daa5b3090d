import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type {
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { DomainEvents } from '../events/domain-events.js';
import type { AfterCommit, DomainEvent } from '../events/domain-events.js';
import { DurableJobs } from '../jobs/durable-jobs.js';
import { JobQueue, RetryLater } from '../jobs/job-queue.js';
import type { Job } from '../jobs/job-queue.js';
import { delayBeforeAttempt } from './retry-schedule.js';
import { WEBHOOK_EVENTS } from './webhook-events.js';
import { payloadOf } from './webhook-payload.js';
import { WebhookSender } from './webhook-sender.js';
import { signWebhook } from './webhook-signature.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** The queue of webhook deliveries, on the engine of the analyses. */
const QUEUE = 'webhook-deliveries';
/** A pending delivery overdue this long may have lost its job. */
const STALE_MS = 30_000;
/** How often consuming processes look for such deliveries, and prune old ones. */
const SWEEP_MS = 30_000;
const SWEEP_BATCH = 500;
/** Settled deliveries are kept this long, then pruned. */
const KEPT_DAYS = 30;

/** What a job of the queue carries. */
export interface DeliveryJob {
  deliveryId: string;
}

/** Deliveries are grouped by account: one account's endpoints never hold every slot. */
function groupOf(accountId: string): string {
  return `account:${accountId}`;
}

/** A message id as Standard Webhooks writes them: `msg_` and a random part. */
function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * Webhook deliveries as durable jobs: one per event and endpoint, stored in the
 * transaction that publishes the event (an outbox), sent signed, retried on the
 * schedule of WEBHOOK_RETRY_DELAYS_MS, every attempt recorded. The database holds the
 * truth: a job whose delivery is settled, or whose webhook was deleted, ends at once.
 */
@Injectable()
export class WebhookDeliveries
  implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly jobs: DurableJobs<DeliveryJob>;

  constructor(
    private readonly webhooks: WebhooksRepository,
    jobs: JobQueue,
    private readonly events: DomainEvents,
    private readonly sender: WebhookSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.jobs = new DurableJobs(jobs, {
      queue: QUEUE,
      keyOf: (job) => job.deliveryId,
      handle: (job) => this.attempt(job),
      concurrency: config.webhookConcurrency,
      perGroup: config.webhookSlotsPerAccount,
      sweepEveryMs: SWEEP_MS,
      findLost: async () =>
        (
          await this.webhooks.findOverdue(
            new Date(Date.now() - STALE_MS),
            SWEEP_BATCH,
          )
        ).map(({ id, accountId }) => ({
          data: { deliveryId: id },
          group: groupOf(accountId),
        })),
      afterSweep: () =>
        this.webhooks.pruneSettled(
          new Date(Date.now() - KEPT_DAYS * 24 * 3_600_000),
        ),
    });
  }

  onModuleInit(): void {
    this.events.subscribe(WEBHOOK_EVENTS, (events, manager) =>
      this.store(events, manager),
    );
  }

  onApplicationBootstrap(): void {
    this.jobs.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.jobs.stop();
    await this.sender.close();
  }

  /**
   * Stores a delivery for each endpoint of the event's account that asked for its
   * type, in the publisher's transaction; once it is committed, adds their jobs.
   */
  async store(
    events: DomainEvent[],
    manager: EntityManager,
  ): Promise<AfterCommit> {
    const stored: Array<{ deliveryId: string; accountId: string }> = [];
    const firstDelay = delayBeforeAttempt(this.config.webhookRetryDelaysMs, 1)!;
    for (const accountId of new Set(events.map((e) => e.accountId))) {
      const own = events.filter((event) => event.accountId === accountId);
      const endpoints = await this.webhooks.subscribedTo(
        accountId,
        own.map((event) => event.type),
        manager,
      );
      for (const event of own) {
        const body = payloadOf(event);
        for (const endpoint of endpoints.filter((e) =>
          e.events.includes(event.type),
        )) {
          const deliveryId = newMessageId();
          await this.webhooks.insertDelivery(
            deliveryId,
            endpoint.id,
            event.type,
            body,
            firstDelay,
            manager,
          );
          stored.push({ deliveryId, accountId });
        }
      }
    }
    return async () => {
      for (const { deliveryId, accountId } of stored) {
        await this.jobs.add(
          { deliveryId },
          { delayMs: firstDelay, group: groupOf(accountId) },
        );
      }
    };
  }
  /** One attempt of a delivery; RetryLater when it failed and the schedule has another. */
  async attempt({ data }: Job<DeliveryJob>): Promise<void> {
    const pending = await this.webhooks.findPending(data.deliveryId);
    if (!pending) return; // delivered, out of attempts, or its webhook deleted
    const { delivery, url, secret } = pending;
    const attempt = delivery.attempts + 1;
    const attemptedAt = new Date();
    const timestamp = Math.floor(attemptedAt.getTime() / 1000);
    const sent = await this.sender.send(
      url,
      {
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(
          secret,
          delivery.id,
          timestamp,
          delivery.body,
        ),
      },
      delivery.body,
    );
    const nextDelay = sent.succeeded
      ? null
      : delayBeforeAttempt(this.config.webhookRetryDelaysMs, attempt + 1);
    const recorded = await this.webhooks.recordAttempt(
      delivery.id,
      {
        attempt: {
          attempt,
          attemptedAt,
          statusCode: sent.statusCode,
          error: sent.error,
          durationMs: sent.durationMs,
          responseBody: sent.responseBody,
        },
        status: sent.succeeded
          ? 'succeeded'
          : nextDelay === null
            ? 'failed'
            : 'pending',
        nextAttemptAt:
          nextDelay === null ? null : new Date(Date.now() + nextDelay),
      },
      this.config.webhookDisableAfterMs,
      (since) =>
        `Every attempt since ${since.toISOString()} failed (the last: ${sent.error ?? `HTTP ${sent.statusCode}`}), for WEBHOOK_DISABLE_AFTER_MS (${this.config.webhookDisableAfterMs} ms). Enable it again with POST /api/v1/webhooks/${delivery.webhookId}/enable.`,
    );
    if (recorded && nextDelay !== null) throw new RetryLater(nextDelay);
  }
}
