import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CHECK_CATALOGUE_PATH } from '../analysis/index.js';
import { ApiHtmlResponses } from '../common/api-docs.js';
import { PAGE_HEADERS } from '../common/html-page.js';
import { cataloguePage } from './catalogue-page.js';

/** The check catalogue for people: where a failed check's doc_url leads. */
@ApiTags('check catalogue')
@Controller()
export class CatalogueController {
  private readonly page = cataloguePage();

  @Get(CHECK_CATALOGUE_PATH)
  @ApiOperation({
    operationId: 'getCheckCatalogue',
    summary:
      'The check catalogue: every check, when it passes, what to do when it fails',
    description:
      "An HTML page with one section per check, anchored by the check's id: a failed check's `doc_url` leads to its section. The site checks of site audits follow, anchored by their ids too.",
    security: [],
  })
  @ApiProduces('text/html')
  @ApiHtmlResponses({ 200: 'The catalogue, as HTML.' })
  catalogue(@Res() response: Response): void {
    response
      .status(200)
      .set({ ...PAGE_HEADERS, 'Cache-Control': 'public, max-age=3600' })
      .send(this.page);
  }
}
