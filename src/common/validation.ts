import { Injectable } from '@nestjs/common';
import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { ValidationError } from 'class-validator';
import { ValidationProblem } from './problem.js';

/** Field or parameter name → every message about it, as a 422 problem lists them. */
export type FieldErrors = Record<string, string[]>;

function collect(
  errors: ValidationError[],
  into: FieldErrors,
  prefix = '',
): FieldErrors {
  for (const error of errors) {
    const name = prefix + error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) (into[name] ??= []).push(...messages);
    if (error.children?.length) collect(error.children, into, `${name}.`);
  }
  return into;
}

/**
 * Turns a parsed body or query into an instance of its DTO class (class-transformer
 * rules applied, unknown fields dropped) and lists what is wrong with each field.
 * DTO classes are the single source of these rules and of the OpenAPI document.
 */
export async function checkFields<T extends object>(
  dto: new () => T,
  plain: unknown,
): Promise<{ value: T; errors: FieldErrors }> {
  const value = plainToInstance(dto, plain ?? {});
  const errors = await validate(value, {
    whitelist: true,
    forbidNonWhitelisted: false,
    // One message a field: the first rule it breaks says enough.
    stopAtFirstError: true,
    validationError: { target: false, value: false },
  });
  return { value, errors: collect(errors, {}) };
}

/** Throws one 422 naming every bad field, or does nothing when there is none. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationProblem(errors);
}

const PLAIN_TYPES: unknown[] = [String, Boolean, Number, Array, Object];

/**
 * Every body must be an object; a body or query declared as a DTO class is
 * validated, answering 422 naming every bad field or parameter at once. A handler
 * whose rules also depend on stored state takes the body as a plain object and
 * checks it with checkFields itself, so that one 422 still names everything.
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  async transform(
    value: unknown,
    metadata: ArgumentMetadata,
  ): Promise<unknown> {
    if (metadata.type === 'body') {
      if (value === undefined || value === null || value === '') value = {};
      if (typeof value !== 'object' || Array.isArray(value)) {
        throw new ValidationProblem(
          {},
          'The request body must be a JSON object or a form.',
        );
      }
    }
    const dto = metadata.metatype;
    if (
      (metadata.type !== 'body' && metadata.type !== 'query') ||
      !dto ||
      PLAIN_TYPES.includes(dto)
    ) {
      return value;
    }
    const checked = await checkFields(dto as new () => object, value);
    throwIfInvalid(checked.errors);
    return checked.value;
  }
}
