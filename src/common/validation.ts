import { Injectable } from '@nestjs/common';
import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { registerDecorator, validate, ValidateIf } from 'class-validator';
import type { ValidationError } from 'class-validator';
import { ValidationProblem } from './problem.js';

/**
 * A field that may be left out, but not sent as null: a client that sends null means
 * something, and is told it is not accepted (422 naming the field). List it first in
 * applyDecorators, or last above the property, so its message is the one shown.
 */
export function OptionalNotNull(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    ValidateIf((_object, value) => value !== undefined)(target, propertyName);
    registerDecorator({
      name: 'notNull',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => value !== null,
        defaultMessage: () => `${String(propertyName)} must not be null`,
      },
    });
  };
}

/**
 * A field that means something only beside another set to true (`lab_runs` with `lab`):
 * sent without it, it is a 422 naming both rather than a setting dropped without a word.
 */
export function OnlyWith(field: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'onlyWith',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (_value: unknown, args) =>
          (args?.object as Record<string, unknown> | undefined)?.[field] ===
          true,
        defaultMessage: () => `${String(propertyName)} needs ${field}: true`,
      },
    });
  };
}

/** Field or parameter name → every message about it, as a 422 problem lists them. */
export type FieldErrors = Record<string, string[]>;

/**
 * An update body's field errors, or a 422 naming every field it takes when none was
 * sent (and none was refused): an update that changes nothing is a mistake worth telling.
 */
export function fieldErrorsOfUpdate<T extends BodyCheckedInService>(
  body: T,
  fields: readonly (keyof T & string)[],
): FieldErrors {
  const errors: FieldErrors = { ...body.fieldErrors };
  if (
    Object.keys(errors).length > 0 ||
    fields.some((field) => body[field] !== undefined)
  ) {
    return errors;
  }
  const message = `send at least one of ${fields.join(', ')}`;
  throw new ValidationProblem(
    Object.fromEntries(fields.map((field) => [field, [message]])),
    `Send at least one of ${fields.join(', ')}.`,
  );
}

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
  // A blank value a transform turns into undefined leaves the class's default in place.
  const value = plainToInstance(dto, plain ?? {}, { exposeUnsetFields: false });
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

/** A DTO class that a mixin adds fields to (share-settings.dto.ts, schedule-field.ts). */
// A mixin's base must take `any[]`: TypeScript refuses a mixin of any other constructor.
export type DtoClass<T = object> = abstract new (...args: any[]) => T;

/**
 * A body whose last rules need what only its service knows (the stored report, the
 * address policy). The pipe leaves the errors of its own fields here instead of
 * answering 422; the service adds the errors of its rules and answers one 422 that
 * names every bad field (throwIfInvalid).
 */
export abstract class BodyCheckedInService {
  fieldErrors: FieldErrors = {};
}

const PLAIN_TYPES: unknown[] = [String, Boolean, Number, Array, Object];

/** Levels of arrays and objects a field's value may hold: the API's own bodies hold fewer. */
export const MAX_FIELD_DEPTH = 8;

/** Whether `value` nests arrays or objects deeper than `limit`, measured without recursion. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) {
      pending.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Fields whose values nest too deep to be worth transforming (a body nested thousands
 * of levels would overflow the transformer's stack), each named for one 422.
 */
function tooDeepFields(body: object): FieldErrors {
  return Object.fromEntries(
    Object.entries(body)
      .filter(([, value]) => nestsDeeperThan(value, MAX_FIELD_DEPTH))
      .map(([name]) => [
        name,
        [
          `${name} nests more than ${MAX_FIELD_DEPTH} levels of arrays or objects`,
        ],
      ]),
  );
}

/**
 * Every body must be an object; a body or query declared as a DTO class is
 * validated, answering 422 naming every bad field or parameter at once (a
 * BodyCheckedInService hands its errors on instead).
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
      throwIfInvalid(tooDeepFields(value as object));
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
    if (checked.value instanceof BodyCheckedInService) {
      checked.value.fieldErrors = checked.errors;
      return checked.value;
    }
    throwIfInvalid(checked.errors);
    return checked.value;
  }
}
