import { normaliseHeaders } from './guarded-client.js';

describe('normaliseHeaders', () => {
  it('lowercases names and joins repeated values', () => {
    expect(
      normaliseHeaders({
        'Content-Type': 'text/html',
        'set-cookie': ['a=1', 'b=2'],
        missing: undefined,
      }),
    ).toEqual({ 'content-type': 'text/html', 'set-cookie': 'a=1, b=2' });
  });
});
