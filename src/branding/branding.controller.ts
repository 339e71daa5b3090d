import { Body, Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated } from '../rate-limits/authenticated.decorator.js';
import { CurrentAccount } from '../auth/principal.decorator.js';
import { ApiProblemResponses, ApiProblems } from '../common/api-docs.js';
import { TakesBody } from '../common/body-type.js';
import { BRANDING_BODY_LIMIT_KIB } from './branding-body.js';
import { BrandingEnvelope, toBrandingView } from './branding.view.js';
import { BrandingService } from './branding.service.js';
import { PutBrandingDto } from './dto/put-branding.dto.js';

@ApiTags('branding')
@Authenticated()
@Controller('api/v1/account/branding')
export class BrandingController {
  constructor(private readonly branding: BrandingService) {}

  @Get()
  @ApiOperation({
    operationId: 'getBranding',
    summary:
      "Get the account's branding, and what its PDFs and share pages print",
    description:
      "Each field as stored (null when unset; all null, and `updated_at` null, when the account has no branding), and `resolved`: what is printed, the defaults applied (the account's name, a neutral accent colour, no product name).",
  })
  @ApiOkResponse({ type: BrandingEnvelope })
  async get(@CurrentAccount() accountId: string): Promise<BrandingEnvelope> {
    return { data: toBrandingView(await this.branding.get(accountId)) };
  }

  @Put()
  @ApiOperation({
    operationId: 'putBranding',
    summary: "Set the account's branding, in place of the one it had",
    description:
      'Every field is optional; one left out is unset (it takes its default), so the body is the whole branding. The logo travels as a base64 `data:` URI, so this route takes bodies up to 384 KiB. Answers the branding as GET does.',
  })
  @TakesBody()
  @ApiOkResponse({ type: BrandingEnvelope })
  @ApiProblems(400, 415)
  @ApiProblemResponses({
    413: `The body is over ${BRANDING_BODY_LIMIT_KIB} KiB.`,
    422: 'A field failed validation (a name, contact or footer too long, an accent_color that is not #rgb or #rrggbb, a logo that is not a whole PNG or an SVG, or over 256 KiB once decoded); `errors` names every one.',
  })
  async put(
    @CurrentAccount() accountId: string,
    @Body() body: PutBrandingDto,
  ): Promise<BrandingEnvelope> {
    return {
      data: toBrandingView(await this.branding.replace(accountId, body)),
    };
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteBranding',
    summary: "Remove the account's branding: back to the defaults",
    description:
      "Answers 204 whether or not the account had a branding. Its PDFs and share pages then print the account's name and neutral colours.",
  })
  @ApiNoContentResponse({ description: 'Removed (or there was none).' })
  async remove(@CurrentAccount() accountId: string): Promise<void> {
    await this.branding.reset(accountId);
  }
}
