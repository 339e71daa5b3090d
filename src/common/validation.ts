import { ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { ValidationProblem } from './problem.js';

function collect(
  errors: ValidationError[],
  into: Record<string, string[]>,
  prefix = '',
): Record<string, string[]> {
  for (const error of errors) {
    const name = prefix + error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) (into[name] ??= []).push(...messages);
    if (error.children?.length) collect(error.children, into, `${name}.`);
  }
  return into;
}

/**
 * class-validator DTOs are the single source of validation; every failure answers
 * 422 naming every bad field or parameter at once.
 */
@Injectable()
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: false,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new ValidationProblem(collect(errors, {})),
    });
  }

  async transform(
    value: unknown,
    metadata: ArgumentMetadata,
  ): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype) {
      if (value === undefined || value === null || value === '') value = {};
      if (typeof value !== 'object' || Array.isArray(value)) {
        throw new ValidationProblem(
          {},
          'The request body must be a JSON object or a form.',
        );
      }
    }
    return super.transform(value, metadata);
  }
}
