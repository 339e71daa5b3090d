import { ApiProperty } from '@nestjs/swagger';
import { DEFAULT_ACCENT_COLOR } from './accent-color.js';
import { dataUriOf } from './logo.js';
import type { BrandingState } from './branding.service.js';

const LOGO_DESCRIPTION =
  'The logo as a base64 `data:` URI whose type is the one its bytes proved (`image/png` or `image/svg+xml`; an SVG as it was cleaned).';

/** What the PDFs and share pages print: the stored branding with its defaults. */
export class ResolvedBrandingView {
  @ApiProperty({
    description: "The stored name, else the account's own name.",
    example: 'Acme SEO',
  })
  name: string;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: `${LOGO_DESCRIPTION} Null: no logo.`,
  })
  logo: string | null;

  @ApiProperty({
    description: `The stored accent colour, else a neutral grey (\`${DEFAULT_ACCENT_COLOR}\`).`,
    example: '#0a7',
  })
  accent_color: string;

  @ApiProperty({ type: 'string', nullable: true, example: null })
  contact: string | null;

  @ApiProperty({ type: 'string', nullable: true, example: null })
  footer: string | null;

  @ApiProperty({
    description: "Whether the product's own name appears anywhere.",
  })
  show_product_name: boolean;
}

/** An account's branding: each field as stored (null when unset), and what is printed. */
export class BrandingView {
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'Acme SEO',
    description: "The agency's name; null: the account's name is printed.",
  })
  name: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: `${LOGO_DESCRIPTION} Null: none.`,
  })
  logo: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    example: '#0a7',
    description: '`#rgb` or `#rrggbb`, lowercased; null: the neutral default.',
  })
  accent_color: string | null;

  @ApiProperty({ type: 'string', nullable: true, example: null })
  contact: string | null;

  @ApiProperty({ type: 'string', nullable: true, example: null })
  footer: string | null;

  @ApiProperty({ default: false })
  show_product_name: boolean;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      'When the branding was last set; null when the account has none (every field then takes its default).',
  })
  updated_at: string | null;

  @ApiProperty({
    type: ResolvedBrandingView,
    description: 'What the PDFs and share pages print, the defaults applied.',
  })
  resolved: ResolvedBrandingView;
}

export class BrandingEnvelope {
  @ApiProperty({ type: BrandingView })
  data: BrandingView;
}

export function toBrandingView({
  stored,
  resolved,
}: BrandingState): BrandingView {
  return {
    name: stored?.name ?? null,
    logo:
      stored?.logo && stored.logoMediaType
        ? dataUriOf({ mediaType: stored.logoMediaType, bytes: stored.logo })
        : null,
    accent_color: stored?.accentColor ?? null,
    contact: stored?.contact ?? null,
    footer: stored?.footer ?? null,
    show_product_name: stored?.showProductName ?? false,
    updated_at: stored?.updatedAt.toISOString() ?? null,
    resolved: {
      name: resolved.name,
      logo: resolved.logo?.dataUri ?? null,
      accent_color: resolved.accentColor,
      contact: resolved.contact,
      footer: resolved.footer,
      show_product_name: resolved.showProductName,
    },
  };
}
