import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type {
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { JobQueue, RetryLater } from '../jobs/job-queue.js';
import type { Job } from '../jobs/job-queue.js';
import { ReportOutcomes } from '../reports/report-outcomes.js';
import type { AfterSettle, ReportOutcome } from '../reports/report-outcomes.js';
import type { EntityManager } from 'typeorm';
import { delayBeforeAttempt } from './retry-schedule.js';
import { eventsOf, payloadOf } from './webhook-payload.js';
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

/** A message id as Standard Webhooks writes them: `msg_` and a random part. */
function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * Webhook deliveries as durable jobs: one per event and endpoint, added when a run
 * settles (in the process that ran it), sent signed, retried on the schedule of
 * WEBHOOK_RETRY_DELAYS_MS, every attempt recorded. The database holds the truth:
 * a job whose delivery is settled, or whose webhook was deleted, ends at once.
 */
@Injectable()
export class WebhookDeliveries
  implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('WebhookDeliveries');
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly jobs: JobQueue,
    private readonly outcomes: ReportOutcomes,
    private readonly sender: WebhookSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.outcomes.listen((outcome, manager) => this.store(outcome, manager));
  }

  onApplicationBootstrap(): void {
    if (!this.jobs.consumes) return;
    this.jobs.work<DeliveryJob>(
      QUEUE,
      (job) => this.attempt(job),
      this.config.webhookConcurrency,
    );
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.sender.close();
  }

  /**
   * Stores a delivery for each endpoint of the account that asked for each event, in
   * the settle's transaction; once it is committed, adds their jobs.
   */
  async store(
    outcome: ReportOutcome,
    manager: EntityManager,
  ): Promise<AfterSettle> {
    const events = eventsOf(outcome);
    const endpoints = await this.webhooks.subscribedTo(
      outcome.report.accountId,
      events,
      manager,
    );
    const stored: string[] = [];
    const at = new Date();
    const firstDelay = delayBeforeAttempt(this.config.webhookRetryDelaysMs, 1)!;
    for (const event of events) {
      const body = payloadOf(event, outcome, at);
      for (const endpoint of endpoints.filter((e) =>
        e.events.includes(event),
      )) {
        const deliveryId = newMessageId();
        await this.webhooks.insertDelivery(
          deliveryId,
          endpoint.id,
          event,
          body,
          firstDelay,
          manager,
        );
        stored.push(deliveryId);
      }
    }
    return async () => {
      for (const deliveryId of stored) {
        await this.dispatch(deliveryId, firstDelay);
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
    const recorded = await this.webhooks.recordAttempt(delivery.id, {
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
    });
    if (recorded && nextDelay !== null) throw new RetryLater(nextDelay);
  }

  /** Adds the delivery's job. Never throws: the delivery is stored, and the sweep adds it later. */
  private async dispatch(deliveryId: string, delayMs: number): Promise<void> {
    try {
      await this.jobs.add(QUEUE, { deliveryId }, { key: deliveryId, delayMs });
    } catch (error) {
      this.logger.warn(
        `Job of delivery ${deliveryId} not added yet (the sweep will): ${(error as Error).message}`,
      );
    }
  }

  /** Adds again the jobs of overdue deliveries (a job still there is left as it is), and prunes old ones. */
  private async sweep(): Promise<void> {
    try {
      const overdue = await this.webhooks.findOverdue(
        new Date(Date.now() - STALE_MS),
        SWEEP_BATCH,
      );
      for (const id of overdue) await this.dispatch(id, 0);
      await this.webhooks.pruneSettled(
        new Date(Date.now() - KEPT_DAYS * 24 * 3_600_000),
      );
    } catch (error) {
      this.logger.warn(`Sweep: ${(error as Error).message}`);
    }
  }
}
