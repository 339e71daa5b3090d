import { ApiProperty } from '@nestjs/swagger';
import { ListEnvelopeOf } from '../common/pagination/page.views.js';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from './webhook-events.js';
import type { DeliveryStatus, WebhookEvent } from './webhook-events.js';
import type { Webhook, WebhookAttempt } from './webhook.entity.js';
import type { DeliveryWithAttempts } from './webhooks.repository.js';

export class WebhookView {
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    minimum: 1,
    example: 7,
    description: 'The {id} of its path.',
  })
  id: number;

  @ApiProperty({ example: 'https://hooks.example.com/report-service' })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true })
  events: WebhookEvent[];

  @ApiProperty({
    description:
      'False once every attempt to it has failed for WEBHOOK_DISABLE_AFTER_MS (3 days by default): it then gets no delivery, and its pending ones failed, until POST /webhooks/{id}/enable.',
  })
  enabled: boolean;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When it was disabled; null while it is enabled.',
  })
  disabled_at: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    example: null,
    description:
      'Why it was disabled (since when every attempt failed, and the last failure); null while it is enabled.',
  })
  disabled_reason: string | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      'Since when every attempt to it has failed; null when the last attempt succeeded (or none failed).',
  })
  failing_since: string | null;

  @ApiProperty({ type: 'string', format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  updated_at: string;
}

export class WebhookWithSecretView extends WebhookView {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description:
      'The signing secret (Standard Webhooks: `whsec_` and the base64 of 24 random bytes). Shown in this answer only; rotate it to get a new one.',
  })
  secret: string;
}

export class WebhookEnvelope {
  @ApiProperty({ type: WebhookView })
  data: WebhookView;
}

export class WebhookWithSecretEnvelope {
  @ApiProperty({ type: WebhookWithSecretView })
  data: WebhookWithSecretView;
}

export class WebhookListEnvelope extends ListEnvelopeOf(WebhookView) {}

export class WebhookAttemptView {
  @ApiProperty({ type: 'integer', minimum: 1, description: '1 for the first.' })
  attempt: number;

  @ApiProperty({ type: 'string', format: 'date-time' })
  attempted_at: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 200,
    description:
      "The receiver's status; null when no answer came (refused address, timeout, connection error).",
  })
  status_code: number | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'the receiver answered 500',
    description: 'Why the attempt failed; null when it succeeded.',
  })
  error: string | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  duration_ms: number;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: "The first 1024 bytes of the answer's body, as text.",
  })
  response_body: string | null;
}

export class WebhookDeliveryView {
  @ApiProperty({
    example: 'msg_2Hq9xB0c3kQmZf1aT7yV4w',
    description: 'The webhook-id header of every attempt.',
  })
  id: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS })
  event: WebhookEvent;

  @ApiProperty({
    enum: DELIVERY_STATUSES,
    description:
      'pending: being tried; succeeded: a 2xx answer; failed: every attempt of the schedule failed.',
  })
  status: DeliveryStatus;

  @ApiProperty({ type: 'string', format: 'date-time' })
  created_at: string;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When the next attempt is due; null once settled.',
  })
  next_attempt_at: string | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The body sent: type, timestamp and data.',
  })
  payload: Record<string, unknown>;

  @ApiProperty({ type: [WebhookAttemptView] })
  attempts: WebhookAttemptView[];
}

export class WebhookDeliveryListEnvelope extends ListEnvelopeOf(
  WebhookDeliveryView,
) {}

export function toWebhookView(webhook: Webhook): WebhookView {
  return {
    id: Number(webhook.id),
    url: webhook.url,
    events: webhook.events,
    enabled: webhook.disabledAt === null,
    disabled_at: webhook.disabledAt?.toISOString() ?? null,
    disabled_reason: webhook.disabledReason,
    failing_since: webhook.failingSince?.toISOString() ?? null,
    created_at: webhook.createdAt.toISOString(),
    updated_at: webhook.updatedAt.toISOString(),
  };
}

/** Only create and rotate answer this: the one time the secret is shown. */
export function toWebhookWithSecretView(
  webhook: Webhook,
): WebhookWithSecretView {
  return { ...toWebhookView(webhook), secret: webhook.secret };
}

function toAttemptView(attempt: WebhookAttempt): WebhookAttemptView {
  return {
    attempt: attempt.attempt,
    attempted_at: attempt.attemptedAt.toISOString(),
    status_code: attempt.statusCode,
    error: attempt.error,
    duration_ms: attempt.durationMs,
    response_body: attempt.responseBody,
  };
}

export function toDeliveryView({
  delivery,
  attempts,
}: DeliveryWithAttempts): WebhookDeliveryView {
  return {
    id: delivery.id,
    event: delivery.event,
    status: delivery.status,
    created_at: delivery.createdAt.toISOString(),
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    payload: JSON.parse(delivery.body) as Record<string, unknown>,
    attempts: attempts.map(toAttemptView),
  };
}
