import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import type { ApiParamOptions } from '@nestjs/swagger';
import type { Request } from 'express';
import { NotFoundProblem } from './problem.js';

/** An id of a bigint identity: a positive integer of at most 18 digits, no leading zero. */
export const ID_PATTERN = /^[1-9]\d{0,17}$/;

/** What a path parameter may be, what it is read as, and how the OpenAPI document names it. */
export interface PathParamSpec<T = string> {
  /** Its name in the route (`:id`) and in the document. */
  name: string;
  pattern: RegExp;
  /** The detail of the 404 when the text cannot name anything. */
  notFound: string;
  description: string;
  schema: Extract<ApiParamOptions, { schema: unknown }>['schema'];
  /** From matching text to the value; null refuses it too (a number past a bound). */
  parse?: (text: string) => T | null;
}

const readParam = createParamDecorator(
  (spec: PathParamSpec<unknown>, context: ExecutionContext): unknown => {
    const text = context.switchToHttp().getRequest<Request>().params[spec.name];
    const value =
      typeof text === 'string' && spec.pattern.test(text)
        ? (spec.parse?.(text) ?? (spec.parse ? null : text))
        : null;
    if (value === null) throw new NotFoundProblem(spec.notFound);
    return value;
  },
);

/**
 * A path parameter of the route, read while the arguments are, so a text that cannot
 * name anything answers 404 before any pipe judges the body; documented with it.
 */
export function PathParam<T>(spec: PathParamSpec<T>): ParameterDecorator {
  return (target, key, index) => {
    readParam(spec)(target, key, index);
    if (key === undefined) return;
    const method = Object.getOwnPropertyDescriptor(target, key)!;
    ApiParam({
      name: spec.name,
      description: spec.description,
      schema: spec.schema,
    })(target, key, method);
  };
}
