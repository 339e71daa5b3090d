import type { DomainEvent } from '../events/domain-events.js';

/** The body of a message, as Standard Webhooks lays it out: type, timestamp, data. */
export function payloadOf(event: DomainEvent): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: event.data,
  });
}
