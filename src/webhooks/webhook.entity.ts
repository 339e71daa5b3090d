import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { DeliveryStatus, WebhookEvent } from './webhook-events.js';

/** An account's endpoint that hears of its reports' events. */
@Entity('webhooks')
export class Webhook {
  @PrimaryColumn({ type: 'bigint', generated: 'identity' })
  id: string;

  @Column({ name: 'account_id', type: 'bigint' })
  accountId: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'text', array: true })
  events: WebhookEvent[];

  /** `whsec_…`, kept as it is: each delivery is signed with it. */
  @Column({ type: 'text' })
  secret: string;

  /** Since when every attempt to it has failed; null after a success. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  /** When it was disabled for failing too long; null while it is enabled. */
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  /** Why it was disabled, for the account to read. */
  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One event for one endpoint: a message, sent until an attempt succeeds or the schedule ends. */
@Entity('webhook_deliveries')
export class WebhookDelivery {
  /** `msg_…`: the webhook-id header, the same on every attempt. */
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'webhook_id', type: 'bigint' })
  webhookId: string;

  @Column({ type: 'text' })
  event: WebhookEvent;

  /** The exact JSON sent, so each attempt signs the same bytes. */
  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'text' })
  status: DeliveryStatus;

  @Column({ type: 'smallint' })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** One try of a delivery, as the receiver answered it (or did not). */
@Entity('webhook_attempts')
export class WebhookAttempt {
  @PrimaryColumn({ name: 'delivery_id', type: 'text' })
  deliveryId: string;

  @PrimaryColumn({ type: 'smallint' })
  attempt: number;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt: Date;

  /** Null when no answer came (refused address, timeout, connection error). */
  @Column({ name: 'status_code', type: 'smallint', nullable: true })
  statusCode: number | null;

  /** Why the attempt failed without a status, or why a status counts as a failure. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs: number;

  /** The first bytes of the answer's body (ANSWER_KEPT_BYTES), as text. */
  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody: string | null;
}
