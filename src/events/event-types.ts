/**
 * Every event a feature publishes, by type: the vocabulary webhooks let accounts
 * subscribe to. A feature that publishes a new event adds its type here, and
 * nothing else outside its own folder.
 */
export const EVENT_TYPES = [
  'report.completed',
  'report.failed',
  'report.score_changed',
  'site_audit.completed',
  'site_audit.failed',
  'site_audit.changed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
