import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Principal } from './api-key.service.js';

/** The account the request's API key belongs to. */
export const CurrentAccount = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string =>
    (context.switchToHttp().getRequest<Request>().user as Principal).accountId,
);
