/** What a webhook may ask to hear of. */
export const WEBHOOK_EVENTS = [
  'report.completed',
  'report.failed',
  'report.score_changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Where a delivery stands: being tried, answered with a 2xx, or out of attempts. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
