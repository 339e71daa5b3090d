import type { ArgumentsHost } from '@nestjs/common';
import { Logger, NotFoundException } from '@nestjs/common';
import { ProblemException } from './problem.js';
import { ProblemFilter } from './problem.filter.js';
import { ProblemPages } from './problem-pages.js';

interface Sent {
  status?: number;
  headers: Record<string, string>;
  type?: string;
  body?: string;
}

function hostFor(path: string): { host: ArgumentsHost; sent: Sent } {
  const sent: Sent = { headers: {} };
  const response = {
    headersSent: false,
    setHeader: (name: string, value: string) => (sent.headers[name] = value),
    set: (headers: Record<string, string>) => {
      Object.assign(sent.headers, headers);
      return response;
    },
    status: (status: number) => {
      sent.status = status;
      return response;
    },
    type: (type: string) => {
      sent.type = type;
      return response;
    },
    send: (body: string) => {
      sent.body = body;
      return response;
    },
  };
  const host = {
    switchToHttp: () => ({
      getResponse: () => response,
      getRequest: () => ({ path }),
    }),
  } as unknown as ArgumentsHost;
  return { host, sent };
}

describe('ProblemFilter', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('answers an unexpected error with a bare 500: no message, stack or SQL', () => {
    const { host, sent } = hostFor('/api/v1/reports');
    const error = new Error(
      'duplicate key value violates unique constraint: INSERT INTO reports (url) VALUES ($1)',
    );
    new ProblemFilter().catch(error, host);
    expect(sent.status).toBe(500);
    expect(sent.type).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(sent.body!)).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'The server failed to handle this request.',
    });
    expect(sent.body).not.toMatch(/INSERT|reports|at .*\(|\.ts:/);
  });

  it('answers 503 with Retry-After when the database is unreachable', () => {
    const { host, sent } = hostFor('/api/v1/reports');
    const refused = Object.assign(new Error('connect ECONNREFUSED'), {
      code: 'ECONNREFUSED',
    });
    new ProblemFilter().catch(
      Object.assign(new Error('query failed'), { driverError: refused }),
      host,
    );
    expect(sent.status).toBe(503);
    expect(sent.headers['Retry-After']).toBe('5');
  });

  it("keeps the service's own problems and their headers", () => {
    const { host, sent } = hostFor('/api/v1/reports');
    new ProblemFilter().catch(
      new ProblemException(429, 'Slow down.', undefined, {
        'Retry-After': '7',
      }),
      host,
    );
    expect(sent.status).toBe(429);
    expect(sent.headers['Retry-After']).toBe('7');
    expect(JSON.parse(sent.body!)).toMatchObject({ detail: 'Slow down.' });
  });

  it('lets a registered page answer the paths it claims, as HTML', () => {
    const pages = new ProblemPages();
    pages.register(/^\/r\//, (problem) => ({
      html: `<p>${problem.status}</p>`,
      headers: { 'Content-Type': 'text/html' },
    }));
    const page = hostFor('/r/12');
    new ProblemFilter(pages).catch(new NotFoundException(), page.host);
    expect(page.sent).toMatchObject({ status: 404, body: '<p>404</p>' });
    expect(page.sent.headers['Content-Type']).toBe('text/html');
    const api = hostFor('/api/v1/nothing');
    new ProblemFilter(pages).catch(new NotFoundException(), api.host);
    expect(api.sent.type).toBe('application/problem+json; charset=utf-8');
  });
});
