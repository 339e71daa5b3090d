import { Privacy, Report } from '../reports/report.entity.js';
import type { ReportOutcome } from '../reports/report-outcomes.js';
import { eventsOf, payloadOf } from './webhook-payload.js';

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
      eventsOf(outcome('completed', { score: 90, result: 'good' }, none)),
    ).toEqual(['report.completed']);
  });

  it('a completion with another score, or another rating, adds report.score_changed', () => {
    expect(
      eventsOf(
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
      eventsOf(
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
      eventsOf(
        outcome(
          'failed',
          { score: 90, result: 'good' },
          { score: 90, result: 'good' },
        ),
      ),
    ).toEqual(['report.failed']);
  });

  it('the body is type, timestamp and the report with its previous result', () => {
    const body = JSON.parse(
      payloadOf(
        'report.score_changed',
        outcome(
          'completed',
          { score: 45, result: 'bad' },
          { score: 90, result: 'good' },
        ),
        at,
      ),
    );
    expect(body).toEqual({
      type: 'report.score_changed',
      timestamp: '2026-11-23T20:00:00.000Z',
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
