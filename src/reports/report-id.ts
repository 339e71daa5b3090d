import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { NotFoundProblem } from '../common/problem.js';

/** A report id: a positive integer of at most 18 digits (a bigint identity). */
export const REPORT_ID_PATTERN = /^[1-9]\d{0,17}$/;

/** The `{id}` path parameter as the OpenAPI document names it: an integer, as `id` in bodies. */
export const REPORT_ID_PARAM = {
  name: 'id',
  description:
    "The report's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404.",
  schema: { type: 'integer', format: 'int64', minimum: 1 },
} as const;

/**
 * The route's `:id`, or 404 when it cannot name a report. Checked while the
 * arguments are read, before any pipe judges the body: a bad id is a 404 first.
 */
export const ReportId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => {
    const id = context.switchToHttp().getRequest<Request>().params.id;
    if (typeof id !== 'string' || !REPORT_ID_PATTERN.test(id)) {
      throw new NotFoundProblem('There is no such report.');
    }
    return id;
  },
);
