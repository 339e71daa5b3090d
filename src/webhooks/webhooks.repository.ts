import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { lockAccounts } from '../database/account-locks.js';
import type { DeliveryStatus, WebhookEvent } from './webhook-events.js';
import { Webhook, WebhookAttempt, WebhookDelivery } from './webhook.entity.js';

/** A delivery as its job needs it: the message and where it goes. */
export interface DeliveryToSend {
  delivery: WebhookDelivery;
  url: string;
  secret: string;
}

/** A delivery with every attempt so far, first attempt first. */
export interface DeliveryWithAttempts {
  delivery: WebhookDelivery;
  attempts: WebhookAttempt[];
}

/** What an attempt leaves: its record, and where the delivery then stands. */
export interface AttemptRecord {
  attempt: Omit<WebhookAttempt, 'deliveryId'>;
  status: DeliveryStatus;
  /** When the next attempt is due; null when there is none. */
  nextAttemptAt: Date | null;
}

interface DeliveryRow {
  id: string;
  webhook_id: string;
  event: WebhookEvent;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
}

function deliveryOf(row: DeliveryRow): WebhookDelivery {
  return Object.assign(new WebhookDelivery(), {
    id: row.id,
    webhookId: String(row.webhook_id),
    event: row.event,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
  });
}

/** The lock (lockAccounts) of the cap on an account's webhooks. */
const WEBHOOK_CAP = 'webhooks';

/** Every statement on the webhooks, webhook_deliveries and webhook_attempts tables. */
@Injectable()
export class WebhooksRepository {
  constructor(
    @InjectRepository(Webhook) private readonly webhooks: Repository<Webhook>,
    @InjectRepository(WebhookAttempt)
    private readonly attempts: Repository<WebhookAttempt>,
  ) {}

  /**
   * Stores a new webhook of the account once `admit` has judged how many it has;
   * `admit` may throw to store none. Counted and stored under the account's lock, so
   * creates at the same instant each see the others' webhooks and no cap is passed.
   */
  insert(
    accountId: string,
    url: string,
    events: WebhookEvent[],
    secret: string,
    admit: (count: number) => void,
  ): Promise<Webhook> {
    return this.webhooks.manager.transaction(async (manager) => {
      await lockAccounts(manager, WEBHOOK_CAP, [accountId]);
      const webhooks = manager.getRepository(Webhook);
      admit(await webhooks.countBy({ accountId }));
      return webhooks.save(webhooks.create({ accountId, url, events, secret }));
    });
  }

  countForAccount(accountId: string): Promise<number> {
    return this.webhooks.countBy({ accountId });
  }

  /** A page of the account's webhooks, newest first. */
  pageForAccount(
    accountId: string,
    offset: number,
    limit: number,
  ): Promise<Webhook[]> {
    return this.webhooks.find({
      where: { accountId },
      order: { id: 'DESC' },
      skip: offset,
      take: limit,
    });
  }

  findForAccount(accountId: string, id: string): Promise<Webhook | null> {
    return this.webhooks.findOneBy({ id, accountId });
  }

  /** Deletes the webhook and, by cascade, its deliveries; false when the account has no such webhook. */
  async delete(accountId: string, id: string): Promise<boolean> {
    const result = await this.webhooks.delete({ id, accountId });
    return (result.affected ?? 0) > 0;
  }

  /** Gives the webhook a new secret; null when the account has no such webhook. */
  async replaceSecret(
    accountId: string,
    id: string,
    secret: string,
  ): Promise<Webhook | null> {
    const result = await this.webhooks.update({ id, accountId }, { secret });
    if ((result.affected ?? 0) === 0) return null;
    return this.webhooks.findOneBy({ id, accountId });
  }

  /** The account's webhooks that asked for any of `events`. */
  subscribedTo(
    accountId: string,
    events: WebhookEvent[],
    manager: EntityManager = this.webhooks.manager,
  ): Promise<Webhook[]> {
    return manager
      .getRepository(Webhook)
      .createQueryBuilder('webhook')
      .where('webhook.account_id = :accountId', { accountId })
      .andWhere('webhook.disabled_at IS NULL')
      .andWhere('webhook.events && CAST(:events AS text[])', { events })
      .orderBy('webhook.id')
      .getMany();
  }

  /** Stores a delivery, pending, its first attempt due after `delayMs` (in `manager`'s transaction). */
  async insertDelivery(
    id: string,
    webhookId: string,
    event: WebhookEvent,
    body: string,
    delayMs: number,
    manager: EntityManager = this.webhooks.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event, body, status, next_attempt_at)
       VALUES ($1, $2, $3, $4, 'pending', now() + $5::int * interval '1 millisecond')`,
      [id, webhookId, event, body, delayMs],
    );
  }

  /**
   * The pending delivery and its endpoint; null when it is settled, or its webhook
   * was deleted or disabled.
   */
  async findPending(id: string): Promise<DeliveryToSend | null> {
    const rows: Array<DeliveryRow & { url: string; secret: string }> =
      await this.webhooks.query(
        `SELECT d.*, w.url, w.secret
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
         WHERE d.id = $1 AND d.status = 'pending' AND w.disabled_at IS NULL`,
        [id],
      );
    const [row] = rows;
    if (!row) return null;
    return { delivery: deliveryOf(row), url: row.url, secret: row.secret };
  }

  /**
   * Stores an attempt, where its delivery then stands, and the endpoint's health, in
   * one transaction: an endpoint every attempt to which has failed for `disableAfterMs`
   * is disabled with `reasonOf`'s reason, and its pending deliveries fail. False
   * (nothing stored) when the delivery is gone, settled, or past this attempt already.
   */
  async recordAttempt(
    deliveryId: string,
    record: AttemptRecord,
    disableAfterMs: number,
    reasonOf: (failingSince: Date) => string,
  ): Promise<boolean> {
    return this.webhooks.manager.transaction(async (manager) => {
      const updated: [unknown[], number] = await manager.query(
        `UPDATE webhook_deliveries
         SET attempts = $2, status = $3, next_attempt_at = $4
         WHERE id = $1 AND status = 'pending' AND attempts = $2 - 1`,
        [
          deliveryId,
          record.attempt.attempt,
          record.status,
          record.nextAttemptAt,
        ],
      );
      if (updated[1] === 0) return false;
      await manager.getRepository(WebhookAttempt).insert({
        ...record.attempt,
        deliveryId,
      });
      const succeeded = record.status === 'succeeded';
      // An UPDATE answers [rows, count] through TypeORM.
      const [[health]]: [
        Array<{ id: string; failing_since: Date | null }>,
        number,
      ] = await manager.query(
        `UPDATE webhooks
           SET failing_since = CASE WHEN $2 THEN NULL ELSE coalesce(failing_since, $3) END
           WHERE id = (SELECT webhook_id FROM webhook_deliveries WHERE id = $1)
           RETURNING id, failing_since`,
        [deliveryId, succeeded, record.attempt.attemptedAt],
      );
      const since = health?.failing_since;
      if (
        since &&
        record.attempt.attemptedAt.getTime() - since.getTime() >= disableAfterMs
      ) {
        await manager.query(
          `UPDATE webhooks SET disabled_at = now(), disabled_reason = $2
           WHERE id = $1 AND disabled_at IS NULL`,
          [health.id, reasonOf(since)],
        );
        await manager.query(
          `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL
           WHERE webhook_id = $1 AND status = 'pending'`,
          [health.id],
        );
      }
      return true;
    });
  }

  /** Enables a disabled webhook again, its record of failures cleared; null when the account has no such webhook. */
  async enable(accountId: string, id: string): Promise<Webhook | null> {
    const result = await this.webhooks.update(
      { id, accountId },
      { disabledAt: null, disabledReason: null, failingSince: null },
    );
    if ((result.affected ?? 0) === 0) return null;
    return this.webhooks.findOneBy({ id, accountId });
  }

  /** Pending deliveries due before `before`, with their endpoint's account: their jobs may be lost. */
  async findOverdue(
    before: Date,
    limit: number,
  ): Promise<Array<{ id: string; accountId: string }>> {
    const rows: Array<{ id: string; account_id: string }> =
      await this.webhooks.query(
        `SELECT d.id, w.account_id
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
         WHERE d.status = 'pending' AND d.next_attempt_at < $1
           AND w.disabled_at IS NULL
         ORDER BY d.next_attempt_at LIMIT $2`,
        [before, limit],
      );
    return rows.map((row) => ({
      id: row.id,
      accountId: String(row.account_id),
    }));
  }

  /** Deletes settled deliveries (and their attempts) created before `before`. */
  async pruneSettled(before: Date): Promise<void> {
    await this.webhooks.query(
      `DELETE FROM webhook_deliveries WHERE created_at < $1 AND status <> 'pending'`,
      [before],
    );
  }

  async countDeliveries(webhookId: string): Promise<number> {
    const [row]: Array<{ n: string }> = await this.webhooks.query(
      `SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = $1`,
      [webhookId],
    );
    return Number(row?.n ?? 0);
  }

  /** A page of the webhook's deliveries, newest first, each with its attempts. */
  async pageDeliveries(
    webhookId: string,
    offset: number,
    limit: number,
  ): Promise<DeliveryWithAttempts[]> {
    const rows: DeliveryRow[] = await this.webhooks.query(
      `SELECT * FROM webhook_deliveries WHERE webhook_id = $1
       ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
      [webhookId, offset, limit],
    );
    if (rows.length === 0) return [];
    const attempts = await this.attempts
      .createQueryBuilder('attempt')
      .where('attempt.delivery_id = ANY(:ids)', { ids: rows.map((r) => r.id) })
      .orderBy('attempt.attempt')
      .getMany();
    return rows.map((row) => ({
      delivery: deliveryOf(row),
      attempts: attempts.filter((a) => a.deliveryId === row.id),
    }));
  }
}
