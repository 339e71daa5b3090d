import { payloadOf } from './webhook-payload.js';

describe('the body of a webhook message', () => {
  it('is the event as Standard Webhooks lays it out: type, timestamp, data', () => {
    const body = JSON.parse(
      payloadOf({
        type: 'report.failed',
        accountId: '7',
        occurredAt: new Date('2026-11-23T20:00:00.000Z'),
        data: { id: 42, error: { code: 'timeout', message: 'Too slow.' } },
      }),
    );
    expect(body).toEqual({
      type: 'report.failed',
      timestamp: '2026-11-23T20:00:00.000Z',
      data: { id: 42, error: { code: 'timeout', message: 'Too slow.' } },
    });
  });
});
