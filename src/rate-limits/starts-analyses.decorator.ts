import { applyDecorators } from '@nestjs/common';
import { ApiProblems } from '../common/api-docs.js';
import { TakesBody } from '../common/body-type.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { CountsAsAnalysis } from './throttlers.js';

/**
 * A route that starts analyses (a report, a batch, a site audit): its body and the
 * refusals of one, its Idempotency-Key, and its count against the analyses limit.
 */
export function StartsAnalyses(
  ...bodyTypes: Parameters<typeof TakesBody>
): MethodDecorator & ClassDecorator {
  return applyDecorators(
    TakesBody(...bodyTypes),
    ApiProblems(400, 413, 415, 422),
    CountsAsAnalysis(),
    Idempotent(),
  );
}
