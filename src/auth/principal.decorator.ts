import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { KeyedRequest } from './api-key.guard.js';

/** The account the request's API key belongs to. */
export const CurrentAccount = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string =>
    context.switchToHttp().getRequest<KeyedRequest>().user.accountId,
);
