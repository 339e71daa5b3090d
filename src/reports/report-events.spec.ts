import { Privacy, Report } from './report.entity.js';
import { eventTypesOf, reportEvents } from './report-events.js';
import type { ReportOutcome } from './report-events.js';

const at = new Date('2026-11-23T20:00:00.000Z');

function outcome(
  status: ReportOutcome['status'],
  now: { score: number | null; result: Report['result'] },
  previous: ReportOutcome['previous'],
): ReportOutcome {
  const report = Object.assign(new Report(), {
    id: '42',
    accountId: '1',
    url: 'https://example.com/',
    project: 'example.com',
    status,
    privacy: Privacy.Private,
    generatedAt: at,
    createdAt: at,
    updatedAt: at,
    error: null,
    ...now,
  });
  return { status, report, previous };
}

describe('the events of a settled run', () => {
  const none = { score: null, result: null };

  it('a first completion is report.completed only', () => {
    expect(
      eventTypesOf(outcome('completed', { score: 90, result: 'good' }, none)),
    ).toEqual(['report.completed']);
  });

  it('a completion with another score, or another rating, adds report.score_changed', () => {
    expect(
      eventTypesOf(
        outcome(
          'completed',
          { score: 85, result: 'good' },
          { score: 90, result: 'good' },
        ),
      ),
    ).toEqual(['report.completed', 'report.score_changed']);
  });

  it('the same score and rating again: no report.score_changed', () => {
    expect(
      eventTypesOf(
        outcome(
          'completed',
          { score: 90, result: 'good' },
          { score: 90, result: 'good' },
        ),
      ),
    ).toEqual(['report.completed']);
  });

  it('a failed run is report.failed, whatever the result it keeps', () => {
    expect(
      eventTypesOf(
        outcome(
          'failed',
          { score: 90, result: 'good' },
          { score: 90, result: 'good' },
        ),
      ),
    ).toEqual(['report.failed']);
  });

  it('an event carries the report with its previous result, for the account', () => {
    const events = reportEvents(
      outcome(
        'completed',
        { score: 45, result: 'bad' },
        { score: 90, result: 'good' },
      ),
      at,
    );
    expect(events[1]).toEqual({
      type: 'report.score_changed',
      accountId: '1',
      occurredAt: at,
      data: {
        id: 42,
        url: 'https://example.com/',
        project: 'example.com',
        status: 'completed',
        result: 'bad',
        score: 45,
        previous_result: 'good',
        previous_score: 90,
        privacy: 1,
        generated_at: '2026-11-23T20:00:00.000Z',
        created_at: '2026-11-23T20:00:00.000Z',
        updated_at: '2026-11-23T20:00:00.000Z',
        error: null,
      },
    });
  });
});
