import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated } from '../auth/authenticated.decorator.js';
import { CurrentAccount } from '../auth/principal.decorator.js';
import { ApiProblemResponses, ApiProblems } from '../common/api-docs.js';
import { originOf, pageEnvelope } from '../common/links.js';
import { CreateWebhookDto } from './dto/create-webhook.dto.js';
import { PageQuery } from '../common/page.query.js';
import { WEBHOOK_ID_PARAM, WebhookId } from './webhook-id.js';
import {
  toDeliveryView,
  toWebhookView,
  toWebhookWithSecretView,
  WebhookDeliveryListEnvelope,
  WebhookEnvelope,
  WebhookListEnvelope,
  WebhookWithSecretEnvelope,
} from './webhook.view.js';
import { WebhooksService } from './webhooks.service.js';
import type { Page } from './webhooks.service.js';

const NO_SUCH_WEBHOOK = {
  404: 'No such webhook in this account (or an id that is not a positive integer).',
};

function envelopeOf<T>(request: Request, page: Page<T>) {
  return pageEnvelope(request, page.items.length, {
    total: page.total,
    exact: true,
    page: page.page,
    perPage: page.perPage,
    nextCursor: null,
    prevCursor: null,
  });
}

@ApiTags('webhooks')
@Authenticated()
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @ApiOperation({
    operationId: 'createWebhook',
    summary: 'Add an endpoint that hears of report events',
    description:
      'Answers 201 with the webhook and its signing `secret`, which no other answer shows (but rotate-secret). A URL refused by validation or the address policy answers 422.',
  })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiCreatedResponse({
    type: WebhookWithSecretEnvelope,
    description: 'Created.',
    headers: {
      Location: {
        description: 'The absolute URL of the webhook.',
        schema: { type: 'string', format: 'uri' },
      },
    },
  })
  @ApiProblems(400, 413, 415, 422)
  async create(
    @CurrentAccount() accountId: string,
    @Body() body: CreateWebhookDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<WebhookWithSecretEnvelope> {
    const webhook = await this.webhooks.create(accountId, body);
    response.status(201);
    response.setHeader(
      'Location',
      `${originOf(request)}/api/v1/webhooks/${webhook.id}`,
    );
    return { data: toWebhookWithSecretView(webhook) };
  }

  @Get()
  @ApiOperation({
    operationId: 'listWebhooks',
    summary: "List the account's webhooks, newest first",
  })
  @ApiOkResponse({ type: WebhookListEnvelope })
  @ApiProblems(422)
  async list(
    @CurrentAccount() accountId: string,
    @Query() query: PageQuery,
    @Req() request: Request,
  ): Promise<WebhookListEnvelope> {
    const page = await this.webhooks.list(accountId, query);
    return {
      data: page.items.map(toWebhookView),
      ...envelopeOf(request, page),
    };
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getWebhook',
    summary: 'Get one webhook (without its secret)',
  })
  @ApiParam(WEBHOOK_ID_PARAM)
  @ApiOkResponse({ type: WebhookEnvelope })
  @ApiProblemResponses(NO_SUCH_WEBHOOK)
  async get(
    @CurrentAccount() accountId: string,
    @WebhookId() id: string,
  ): Promise<WebhookEnvelope> {
    return { data: toWebhookView(await this.webhooks.get(accountId, id)) };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook; its pending deliveries are not sent again',
  })
  @ApiParam(WEBHOOK_ID_PARAM)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(NO_SUCH_WEBHOOK)
  async remove(
    @CurrentAccount() accountId: string,
    @WebhookId() id: string,
  ): Promise<void> {
    await this.webhooks.remove(accountId, id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'rotateWebhookSecret',
    summary: "Replace a webhook's signing secret",
    description:
      'Answers the webhook with its new `secret`, shown this once. Every attempt from now on, retries of earlier deliveries included, is signed with it.',
  })
  @ApiParam(WEBHOOK_ID_PARAM)
  @ApiOkResponse({ type: WebhookWithSecretEnvelope })
  @ApiProblemResponses(NO_SUCH_WEBHOOK)
  async rotateSecret(
    @CurrentAccount() accountId: string,
    @WebhookId() id: string,
  ): Promise<WebhookWithSecretEnvelope> {
    return {
      data: toWebhookWithSecretView(
        await this.webhooks.rotateSecret(accountId, id),
      ),
    };
  }

  @Get(':id/deliveries')
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: "List a webhook's deliveries, newest first, with their attempts",
  })
  @ApiParam(WEBHOOK_ID_PARAM)
  @ApiOkResponse({ type: WebhookDeliveryListEnvelope })
  @ApiProblemResponses({
    ...NO_SUCH_WEBHOOK,
    422: 'A query parameter failed validation; `errors` names every one.',
  })
  async deliveries(
    @CurrentAccount() accountId: string,
    @WebhookId() id: string,
    @Query() query: PageQuery,
    @Req() request: Request,
  ): Promise<WebhookDeliveryListEnvelope> {
    const page = await this.webhooks.deliveries(accountId, id, query);
    return {
      data: page.items.map(toDeliveryView),
      ...envelopeOf(request, page),
    };
  }
}
