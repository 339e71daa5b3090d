import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { NotFoundProblem } from '../common/problem.js';

/** A webhook id: a positive integer of at most 18 digits (a bigint identity). */
const WEBHOOK_ID_PATTERN = /^[1-9]\d{0,17}$/;

export const WEBHOOK_ID_PARAM = {
  name: 'id',
  description:
    "The webhook's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404.",
  schema: { type: 'integer', format: 'int64', minimum: 1 },
} as const;

/** The route's `:id`, or 404 when it cannot name a webhook, before any body is judged. */
export const WebhookId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => {
    const id = context.switchToHttp().getRequest<Request>().params.id;
    if (typeof id !== 'string' || !WEBHOOK_ID_PATTERN.test(id)) {
      throw new NotFoundProblem('There is no such webhook.');
    }
    return id;
  },
);
