import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ThrottlerOptions } from '@nestjs/throttler';
import type { Request } from 'express';
import { ApiProblemResponses } from '../common/api-docs.js';
import type { AppConfig } from '../config/config.js';

const MINUTE_MS = 60_000;

/** Every request of an API key. */
const REQUESTS = 'requests';
/** Requests that ask for an analysis: creates, and updates with results=1. */
export const ANALYSES = 'analyses';

/** Which requests of a route ask for an analysis (all of them, unless it says otherwise). */
export type AnalysisAsked = (request: Request) => boolean;

const ANALYSIS_ASKED = 'rate-limits:analysis-asked';
const reflector = new Reflector();

/**
 * A route whose requests ask for an analysis (those `asked` picks): the analyses
 * limit counts them, before their body is validated, whatever their answer.
 */
export const CountsAsAnalysis = (asked: AnalysisAsked = () => true) =>
  applyDecorators(
    SetMetadata(ANALYSIS_ASKED, asked),
    ApiProblemResponses({
      429: 'Too many requests, or too many analyses asked for, with this API key; see Retry-After.',
    }),
  );

function asksForAnalysis(context: ExecutionContext): boolean {
  const asked = reflector.get<AnalysisAsked | undefined>(
    ANALYSIS_ASKED,
    context.getHandler(),
  );
  return asked?.(context.switchToHttp().getRequest<Request>()) ?? false;
}

/**
 * The two limits of every API key, each over any 60 s (a sliding log: a request
 * past the limit is refused, not counted, until the oldest one leaves the window).
 * `requests` comes first, so a request it refuses costs no analysis.
 */
export function throttlersFor(config: AppConfig): ThrottlerOptions[] {
  return [
    {
      name: REQUESTS,
      limit: config.rateLimitPerMinute,
      ttl: MINUTE_MS,
      blockDuration: 0,
    },
    {
      name: ANALYSES,
      limit: config.analysisRateLimitPerMinute,
      ttl: MINUTE_MS,
      blockDuration: 0,
      skipIf: (context) => !asksForAnalysis(context),
    },
  ];
}
