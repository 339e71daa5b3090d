import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated } from '../rate-limits/authenticated.decorator.js';
import { CurrentAccount } from '../auth/principal.decorator.js';
import { TakesBody } from '../common/body-type.js';
import { ApiProblemResponses, ApiProblems } from '../common/api-docs.js';
import {
  DeleteOperation,
  ListOperation,
  ReadOperation,
} from '../common/keyed-operations.js';
import { originOf } from '../common/links.js';
import { numberedEnvelope } from '../common/pagination/paginate.js';
import { PageQuery } from '../common/pagination/page.query.js';
import { CreateWebhookDto } from './dto/create-webhook.dto.js';
import { WebhookId } from './webhook-id.js';
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

const NO_SUCH_WEBHOOK = {
  404: 'No such webhook in this account (or an id that is not a positive integer).',
};

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
  @TakesBody()
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
  @ApiProblemResponses({
    409: 'The account already has as many webhooks as WEBHOOKS_PER_ACCOUNT allows (16 by default); `limit` names it.',
  })
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

  @ListOperation(
    {
      operationId: 'listWebhooks',
      summary: "List the account's webhooks, newest first",
    },
    WebhookListEnvelope,
  )
  async list(
    @CurrentAccount() accountId: string,
    @Query() query: PageQuery,
    @Req() request: Request,
  ): Promise<WebhookListEnvelope> {
    const page = await this.webhooks.list(accountId, query);
    return numberedEnvelope(request, page, toWebhookView);
  }

  @ReadOperation(
    {
      operationId: 'getWebhook',
      summary: 'Get one webhook (without its secret)',
    },
    WebhookEnvelope,
    NO_SUCH_WEBHOOK,
  )
  async get(
    @CurrentAccount() accountId: string,
    @WebhookId() id: string,
  ): Promise<WebhookEnvelope> {
    return { data: toWebhookView(await this.webhooks.get(accountId, id)) };
  }

  @DeleteOperation(
    {
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook; its pending deliveries are not sent again',
    },
    NO_SUCH_WEBHOOK,
  )
  async remove(
    @CurrentAccount() accountId: string,
    @WebhookId() id: string,
  ): Promise<void> {
    await this.webhooks.remove(accountId, id);
  }

  @Post(':id/enable')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'enableWebhook',
    summary: 'Enable a webhook that was disabled for failing',
    description:
      'Clears `disabled_at`, `disabled_reason` and `failing_since`: events from now on are delivered to it again (the deliveries that failed when it was disabled are not sent again). On an enabled webhook it changes nothing.',
  })
  @ApiOkResponse({ type: WebhookEnvelope })
  @ApiProblemResponses(NO_SUCH_WEBHOOK)
  async enable(
    @CurrentAccount() accountId: string,
    @WebhookId() id: string,
  ): Promise<WebhookEnvelope> {
    return { data: toWebhookView(await this.webhooks.enable(accountId, id)) };
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'rotateWebhookSecret',
    summary: "Replace a webhook's signing secret",
    description:
      'Answers the webhook with its new `secret`, shown this once. Every attempt from now on, retries of earlier deliveries included, is signed with it.',
  })
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
    return numberedEnvelope(request, page, toDeliveryView);
  }
}
