import { registerDecorator } from 'class-validator';
import type { ValidationArguments } from 'class-validator';
import {
  AnalysisError,
  parseTargetUrl,
  targetUrlProblem,
} from '../analysis/index.js';
import type { Analyser } from '../analysis/index.js';
import type { FieldErrors } from './validation.js';

/** `url` must be something the analyser could fetch (docs/api.md, "url rules"). */
export function IsTargetUrl() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isTargetUrl',
      target: target.constructor,
      propertyName,
      validator: {
        validate(value: unknown) {
          return targetUrlProblem(value) === null;
        },
        defaultMessage(args: ValidationArguments) {
          return targetUrlProblem(args.value) ?? 'url is not valid';
        },
      },
    });
}

/**
 * A create body's url judged against the address policy: its target, or null when
 * `url` was refused already or the policy refuses it now (its reason added to the
 * field errors, so one 422 names every bad field).
 */
export async function allowedTarget(
  analyser: Analyser,
  url: string,
  errors: FieldErrors,
): Promise<URL | null> {
  if (errors.url) return null;
  const target = parseTargetUrl(url);
  try {
    await analyser.assertAllowed(target);
    return target;
  } catch (error) {
    if (!(error instanceof AnalysisError && error.code === 'blocked')) {
      throw error;
    }
    errors.url = [error.message];
    return null;
  }
}
