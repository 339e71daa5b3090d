import { applyDecorators, Injectable, UseGuards } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';
import type { Request } from 'express';
import { ProblemException } from './problem.js';

/** The bodies every route that takes one accepts (docs/api.md, "Conventions"). */
const BODY_TYPES = ['application/x-www-form-urlencoded', 'application/json'];

function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined ||
    (length !== undefined && length !== '0')
  );
}

/** A body of another type than a form or JSON answers 415, before it is judged. */
@Injectable()
export class BodyTypeGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (hasBody(request) && !BODY_TYPES.some((type) => request.is(type))) {
      throw new ProblemException(
        415,
        'Send the body as application/x-www-form-urlencoded or application/json.',
      );
    }
    return true;
  }
}

/**
 * A route that takes a body: a form or JSON (`documented` names those the OpenAPI
 * document lists for it); any other type answers 415.
 */
export const TakesBody = (...documented: string[]) =>
  applyDecorators(
    UseGuards(BodyTypeGuard),
    ApiConsumes(...(documented.length > 0 ? documented : BODY_TYPES)),
  );
