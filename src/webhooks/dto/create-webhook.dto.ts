import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsIn } from 'class-validator';
import { registerDecorator } from 'class-validator';
import type { ValidationArguments } from 'class-validator';
import {
  TARGET_URL_MAX_LENGTH,
  targetUrlProblem,
} from '../../analysis/index.js';
import { EmptyAsAbsent } from '../../common/transforms.js';
import { BodyCheckedInService } from '../../common/validation.js';
import { WEBHOOK_EVENTS } from '../webhook-events.js';
import type { WebhookEvent } from '../webhook-events.js';

const EVENTS_MESSAGE = `events must list one or more of ${WEBHOOK_EVENTS.join(', ')}`;

/** The receiver's URL: the url rules of analyses (docs/api.md); the address policy is the service's. */
function IsWebhookUrl() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isWebhookUrl',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (value: unknown) => targetUrlProblem(value) === null,
        defaultMessage: (args: ValidationArguments) =>
          targetUrlProblem(args.value) ?? 'url is not valid',
      },
    });
}

/** A form sends `events=a&events=b` or `events=a,b`; one event alone arrives as a string. */
const EventsAsList = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === '') return undefined;
    if (typeof value !== 'string') return value;
    return value
      .split(',')
      .map((event) => event.trim())
      .filter((event) => event !== '');
  });

/** POST /api/v1/webhooks. The address policy is judged by the service. */
export class CreateWebhookDto extends BodyCheckedInService {
  @ApiProperty({
    description:
      'Where deliveries are POSTed: an absolute http or https URL, at most 2048 characters, without user-info, whose host resolves to an address the address policy allows (as for analyses). Checked again at every delivery.',
    example: 'https://hooks.example.com/report-service',
    maxLength: TARGET_URL_MAX_LENGTH,
  })
  @EmptyAsAbsent()
  @IsWebhookUrl()
  url: string;

  @ApiProperty({
    description:
      'The events to deliver, at least one. In a form: the field repeated, or one comma-separated value.',
    enum: WEBHOOK_EVENTS,
    isArray: true,
    minItems: 1,
    example: ['report.completed', 'report.score_changed'],
  })
  @EventsAsList()
  @IsIn(WEBHOOK_EVENTS, { each: true, message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @IsArray({ message: EVENTS_MESSAGE })
  events: WebhookEvent[];
}
