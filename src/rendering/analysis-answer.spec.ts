import {
  AnalysisError,
  RenderFailure,
  ServiceFailure,
} from '../analysis/index.js';
import { analysisErrorOf } from './analysis-answer.js';
import { RenderError } from './errors.js';

describe("a render's failure as the analyser takes it", () => {
  it.each([
    // The document's network failures: the fetch's, as if no browser were involved.
    ['dns', 'AnalysisError', 'dns', false],
    ['blocked', 'AnalysisError', 'blocked', false],
    ['connection', 'AnalysisError', 'connection', true],
    // The page's own: a crawl keeps its answer, judged raw, saying why.
    ['page_unresponsive', 'RenderFailure', 'render_failed', false],
    ['page_crashed', 'RenderFailure', 'render_failed', false],
    ['render_timeout', 'RenderFailure', 'timeout', true],
    ['too_large', 'RenderFailure', 'too_large', false],
    // The service's own: rendered again.
    ['browser_crashed', 'ServiceFailure', 'render_failed', true],
  ] as const)('%s → %s (%s, transient %s)', (from, kind, code, transient) => {
    const error = analysisErrorOf(new RenderError(from, 'what happened'));
    const kinds = { AnalysisError, RenderFailure, ServiceFailure };
    expect(error).toBeInstanceOf(kinds[kind]);
    if (kind === 'AnalysisError') {
      expect(error).not.toBeInstanceOf(RenderFailure);
      expect(error).not.toBeInstanceOf(ServiceFailure);
    }
    expect([error.code, error.transient, error.message]).toEqual([
      code,
      transient,
      'what happened',
    ]);
    if (error instanceof RenderFailure) expect(error.reason).toBe(from);
  });
});
