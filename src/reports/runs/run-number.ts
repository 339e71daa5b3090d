import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { NotFoundProblem } from '../../common/problem.js';

/** The largest run number: the integer column that holds it. */
export const MAX_RUN_NUMBER = 2_147_483_647;

const RUN_PATTERN = /^[1-9]\d{0,9}$/;

/** The `{run}` path parameter as the OpenAPI document names it. */
export const RUN_NUMBER_PARAM = {
  name: 'run',
  description:
    "The run's `run` number: create is run 1, each re-run adds one. A positive integer written without leading zeros; anything else, or a run not kept, answers 404.",
  schema: { type: 'integer', minimum: 1, maximum: MAX_RUN_NUMBER },
} as const;

/** The route's `:run` as a number, or 404 when it cannot name a run. */
export const RunNumber = createParamDecorator(
  (_data: unknown, context: ExecutionContext): number => {
    const run = context.switchToHttp().getRequest<Request>().params.run;
    if (
      typeof run !== 'string' ||
      !RUN_PATTERN.test(run) ||
      Number(run) > MAX_RUN_NUMBER
    ) {
      throw new NotFoundProblem('There is no such run of this report.');
    }
    return Number(run);
  },
);
