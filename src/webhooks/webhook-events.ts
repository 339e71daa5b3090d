import { EVENT_TYPES } from '../events/event-types.js';
import type { EventType } from '../events/event-types.js';

/** What a webhook may ask to hear of: every event a feature publishes. */
export const WEBHOOK_EVENTS = EVENT_TYPES;
export type WebhookEvent = EventType;

/** Where a delivery stands: being tried, answered with a 2xx, or out of attempts. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
