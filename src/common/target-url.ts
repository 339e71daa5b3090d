import { registerDecorator } from 'class-validator';
import type { ValidationArguments } from 'class-validator';
import { targetUrlProblem } from '../analysis/index.js';

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
