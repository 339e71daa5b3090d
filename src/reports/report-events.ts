import type { Rating } from '../analysis/index.js';
import type { DomainEvent } from '../events/domain-events.js';
import type { EventType } from '../events/event-types.js';
import type { Report } from './report.entity.js';

/** The events a report's settled run publishes. */
export const REPORT_EVENT_TYPES = [
  'report.completed',
  'report.failed',
  'report.score_changed',
] as const satisfies readonly EventType[];

/** The latest completed result of a report before the run that just settled. */
export interface PreviousResult {
  score: number | null;
  result: Rating | null;
}

/** A run that settled: how, the report as stored after it, and the result it had before. */
export interface ReportOutcome {
  status: 'completed' | 'failed';
  report: Report;
  /** Both null when no run of the report had completed before this one. */
  previous: PreviousResult;
}

/** The types of the events a settled run gives rise to. */
export function eventTypesOf({
  status,
  report,
  previous,
}: ReportOutcome): EventType[] {
  if (status === 'failed') return ['report.failed'];
  const types: EventType[] = ['report.completed'];
  // No earlier completed result: a first completion changes nothing.
  if (
    previous.score !== null &&
    (previous.score !== report.score || previous.result !== report.result)
  ) {
    types.push('report.score_changed');
  }
  return types;
}

/**
 * The events of a settled run, each with the report as the list shows it, without
 * its share_url (an event has no request origin), and the result it had before.
 */
export function reportEvents(outcome: ReportOutcome, at: Date): DomainEvent[] {
  const { status, report, previous } = outcome;
  const data = {
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
  };
  return eventTypesOf(outcome).map((type) => ({
    type,
    accountId: report.accountId,
    data,
    occurredAt: at,
  }));
}
