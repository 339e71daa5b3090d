import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino } from 'pino';
import { requestLog } from './request-log.js';

/** A request, an answer that emits 'close' when told, and the lines written. */
function run(level: string, status: number, url = '/api/v1/reports?page=2') {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino(
    { level },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  const request = {
    method: 'GET',
    url,
    headers: { 'x-request-id': 'trace-1' },
  } as unknown as IncomingMessage;
  const headers: Record<string, string> = {};
  const response = Object.assign(new EventEmitter(), {
    statusCode: status,
    writableFinished: true,
    setHeader: (name: string, value: string) => (headers[name] = value),
  }) as unknown as ServerResponse;
  let nexted = false;
  requestLog(log)(request, response, () => (nexted = true));
  response.emit('close');
  return { lines, headers, nexted, request };
}

describe('requestLog', () => {
  it('answers the id and writes one line of method, path, status and time', () => {
    const { lines, headers, nexted, request } = run('info', 200);
    expect(nexted).toBe(true);
    expect(headers['X-Request-Id']).toBe('trace-1');
    // What a 5xx problem names as its request_id.
    expect((request as IncomingMessage & { id?: string }).id).toBe('trace-1');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        req: { id: 'trace-1', method: 'GET', url: '/api/v1/reports?page=2' },
        res: { status: 200 },
        responseTime: expect.any(Number) as number,
        msg: 'request completed',
      }),
    ]);
  });

  it('writes a share token as [token]', () => {
    const { lines } = run('info', 200, '/r/secret-token?x=1');
    expect(lines[0]).toMatchObject({ req: { url: '/r/[token]?x=1' } });
  });

  it('writes nothing of a request below the level, and a 5xx at error', () => {
    expect(run('error', 200).lines).toEqual([]);
    expect(run('error', 503).lines).toEqual([
      expect.objectContaining({ level: 50, msg: 'request errored' }),
    ]);
  });
});
