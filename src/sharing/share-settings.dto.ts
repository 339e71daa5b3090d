import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { DigitsAsInteger } from '../common/transforms.js';
import { OptionalNotNull } from '../common/validation.js';
import type { DtoClass } from '../common/validation.js';
import { PASSWORD_MAX_LENGTH } from './privacy.js';
import type { Privacy } from './privacy.js';
import { IsPrivacy, IsSharePassword } from './privacy-fields.js';

/** The `password` field, write-only, as create and update take it. */
const SharePassword = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      description,
      example: 'hunter22',
      minLength: 1,
      maxLength: PASSWORD_MAX_LENGTH,
      writeOnly: true,
    }),
    IsSharePassword(),
  );

/**
 * The share settings of a new shareable thing: `privacy` and `password`, after the
 * fields of `Base`. The password rule (a password goes with privacy 2 and only with
 * it) is the service's (share-settings.ts judgePasswordRule).
 */
export function WithShareSettings<TBase extends DtoClass>(Base: TBase) {
  abstract class ShareSettingsDto extends Base {
    @ApiPropertyOptional({
      description: '0 public, 1 private, 2 password-protected.',
      enum: [0, 1, 2],
      default: 1,
      // Swagger UI fills a form from `examples` before `default`: 2 goes with the password below.
      examples: [2],
      type: 'integer',
    })
    @IsPrivacy()
    privacy?: Privacy;

    @SharePassword(
      'Required with privacy 2 and refused with any other privacy. Write-only: never returned.',
    )
    password?: string;
  }
  return ShareSettingsDto;
}

/**
 * The share settings an update may change of a stored `noun` ("report", "audit"):
 * `privacy`, `password` and `rotate_share_token`, after the fields of `Base`.
 */
export function WithShareChanges<TBase extends DtoClass>(
  Base: TBase,
  noun: string,
) {
  const aNoun = `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

  abstract class ShareChangesDto extends Base {
    @ApiPropertyOptional({
      description: `0 public, 1 private, 2 password-protected. Switching to 2 needs a password unless the ${noun} already has one; leaving 2 drops the stored password. Any real change signs out readers who gave the password before.`,
      enum: [0, 1, 2],
      type: 'integer',
      example: 2,
    })
    @IsPrivacy()
    privacy?: Privacy;

    @SharePassword(
      `A new password. Accepted on ${aNoun} that has (or is switched to) privacy 2. Write-only.`,
    )
    password?: string;

    @ApiPropertyOptional({
      description: `1 gives the ${noun} a new share token: its share_url changes, and links handed out before answer 404. 0 does nothing.`,
      enum: [0, 1],
      default: 0,
      type: 'integer',
    })
    @DigitsAsInteger()
    @IsIn([0, 1], { message: 'rotate_share_token must be 0 or 1' })
    @OptionalNotNull()
    rotate_share_token?: 0 | 1;
  }
  return ShareChangesDto;
}
