import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsString,
  MaxLength,
  registerDecorator,
} from 'class-validator';
import { NoControlCharacters } from '../../common/no-control-characters.js';
import { EmptyAsAbsent, FormBoolean } from '../../common/transforms.js';
import {
  BodyCheckedInService,
  OptionalNotNull,
} from '../../common/validation.js';
import { ACCENT_COLOR_MESSAGE, isAccentColor } from '../accent-color.js';
import { LOGO_MAX_BYTES } from '../logo.js';

export const NAME_MAX_LENGTH = 100;
export const CONTACT_MAX_LENGTH = 200;
export const FOOTER_MAX_LENGTH = 500;

/** A line of text of at most `max` characters, without control characters. */
const TextLine = (field: string, max: number) =>
  applyDecorators(
    OptionalNotNull(),
    IsString({ message: `${field} must be text` }),
    MaxLength(max, { message: `${field} must be at most ${max} characters` }),
    NoControlCharacters(field),
    EmptyAsAbsent(),
  );

function IsAccentColor(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isAccentColor',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => isAccentColor(value),
        defaultMessage: () => ACCENT_COLOR_MESSAGE,
      },
    });
}

/**
 * PUT /api/v1/account/branding: the whole branding, in place of the one stored. A
 * field left out is unset (its default applies). The logo's bytes are judged by the
 * service (logo.ts), which names `logo` beside any field this class refuses.
 */
export class PutBrandingDto extends BodyCheckedInService {
  @ApiPropertyOptional({
    description: `The agency's name as its clients read it, in place of the account's name. At most ${NAME_MAX_LENGTH} characters.`,
    example: 'Acme SEO',
    maxLength: NAME_MAX_LENGTH,
  })
  @TextLine('name', NAME_MAX_LENGTH)
  name?: string;

  @ApiPropertyOptional({
    description: `The logo as a base64 \`data:\` URI: \`data:image/png;base64,…\` or \`data:image/svg+xml;base64,…\`, at most ${LOGO_MAX_BYTES / 1024} KiB once decoded. Its type is decided by its bytes, not by the type the URI declares: a whole PNG (signature, IHDR of 1 to 10000 pixels a side, every chunk's CRC, IEND), or an SVG, which is rebuilt from an allow-list of drawing elements and attributes (no script, foreignObject, event handler, style loading url() or @import, nor reference but #fragments and embedded PNGs). Anything else (JPEG, GIF, text) is refused. The body of this route may be up to 384 KiB.`,
    example:
      'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=',
  })
  @EmptyAsAbsent()
  @IsString({ message: 'logo must be a data: URI' })
  @OptionalNotNull()
  logo?: string;

  @ApiPropertyOptional({
    description:
      'The colour of headings, bars and links on the PDFs and share pages: a CSS hex colour, `#rgb` or `#rrggbb` (stored lowercased). Without it, a neutral grey.',
    example: '#0a7',
    pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
  })
  @EmptyAsAbsent()
  @IsAccentColor()
  @OptionalNotNull()
  accent_color?: string;

  @ApiPropertyOptional({
    description: `A contact line (address, telephone, e-mail). At most ${CONTACT_MAX_LENGTH} characters.`,
    example: 'hello@acme-seo.example · +44 20 7946 0000',
    maxLength: CONTACT_MAX_LENGTH,
  })
  @TextLine('contact', CONTACT_MAX_LENGTH)
  contact?: string;

  @ApiPropertyOptional({
    description: `The footer of every page. At most ${FOOTER_MAX_LENGTH} characters.`,
    example: 'Prepared for you by Acme SEO.',
    maxLength: FOOTER_MAX_LENGTH,
  })
  @TextLine('footer', FOOTER_MAX_LENGTH)
  footer?: string;

  @ApiPropertyOptional({
    description:
      "Whether the product's own name may appear on the PDFs and share pages. False (the default): it appears nowhere.",
    default: false,
    type: 'boolean',
  })
  @FormBoolean()
  @IsBoolean({ message: 'show_product_name must be true or false' })
  @OptionalNotNull()
  show_product_name?: boolean;
}
