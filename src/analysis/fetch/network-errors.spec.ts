import { AnalysisError } from '../errors.js';
import { toAnalysisError } from './network-errors.js';

const live = new AbortController().signal;

function coded(code: string, cause?: unknown): Error {
  return Object.assign(new Error(code, { cause }), { code });
}

describe('toAnalysisError', () => {
  it.each([
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['ECONNREFUSED', 'connection'],
    ['ECONNRESET', 'connection'],
    ['EHOSTUNREACH', 'connection'],
    ['UND_ERR_SOCKET', 'connection'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
  ])('maps %s to %s', (code, expected) => {
    expect(toAnalysisError(coded(code), live).code).toBe(expected);
  });

  it('unwraps cause chains and aggregate errors', () => {
    const wrapped = new TypeError('fetch failed', {
      cause: new AggregateError([coded('CERT_HAS_EXPIRED')]),
    });
    expect(toAnalysisError(wrapped, live).code).toBe('tls');
  });

  it('keeps an AnalysisError found anywhere in the chain', () => {
    const policy = new AnalysisError('blocked', 'loopback');
    expect(toAnalysisError(coded('UND_ERR', policy), live)).toBe(policy);
  });

  it('reports timeout once the deadline signal has aborted', () => {
    const controller = new AbortController();
    controller.abort();
    const error = toAnalysisError(coded('UND_ERR_ABORTED'), controller.signal);
    expect(error.code).toBe('timeout');
  });

  it('calls anything unknown a connection failure', () => {
    expect(toAnalysisError('weird', live).code).toBe('connection');
  });
});
