import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PRESETS } from '../gate/presets.js';

const PRESET_NAMES = Object.keys(PRESETS);

/** GET /api/v1/site-audits/{id}/export/{format}. */
export class ExportQuery {
  @ApiPropertyOptional({
    enum: PRESET_NAMES,
    default: 'seo:recommended',
    description:
      'The gate preset the `junit`, `sarif` and `markdown` formats judge the audit by; the other formats ignore it.',
  })
  @IsOptional()
  @IsIn(PRESET_NAMES, {
    message: `assert must be a preset: ${PRESET_NAMES.join(', ')}`,
  })
  assert?: string;
}
