import type { ReportOutcome } from '../reports/report-outcomes.js';
import type { WebhookEvent } from './webhook-events.js';

/** The events a settled run gives rise to. */
export function eventsOf({
  status,
  report,
  previous,
}: ReportOutcome): WebhookEvent[] {
  if (status === 'failed') return ['report.failed'];
  const events: WebhookEvent[] = ['report.completed'];
  // No earlier completed result: a first completion changes nothing.
  if (
    previous.score !== null &&
    (previous.score !== report.score || previous.result !== report.result)
  ) {
    events.push('report.score_changed');
  }
  return events;
}

/**
 * The body of a message (Standard Webhooks: type, timestamp, data): the report as the
 * list shows it, without its share_url (a delivery has no request origin), with the
 * result it had before this run.
 */
export function payloadOf(
  event: WebhookEvent,
  { status, report, previous }: ReportOutcome,
  at: Date,
): string {
  return JSON.stringify({
    type: event,
    timestamp: at.toISOString(),
    data: {
      id: Number(report.id),
      url: report.url,
      project: report.project,
      status,
      result: report.result,
      score: report.score,
      previous_result: previous.result,
      previous_score: previous.score,
      privacy: report.privacy,
      generated_at: report.generatedAt?.toISOString() ?? null,
      created_at: report.createdAt.toISOString(),
      updated_at: report.updatedAt.toISOString(),
      error: report.error,
    },
  });
}
