import { Inject, Injectable } from '@nestjs/common';
import {
  AddressPolicy,
  AnalysisError,
  assertTargetAllowed,
  normaliseTargetUrl,
  parseTargetUrl,
} from '../analysis/index.js';
import { NotFoundProblem } from '../common/problem.js';
import { throwIfInvalid } from '../common/validation.js';
import type { FieldErrors } from '../common/validation.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import type { CreateWebhookDto } from './dto/create-webhook.dto.js';
import type { PageQuery } from '../common/page.query.js';
import { WEBHOOK_EVENTS } from './webhook-events.js';
import type { Webhook } from './webhook.entity.js';
import { newWebhookSecret } from './webhook-signature.js';
import { WebhooksRepository } from './webhooks.repository.js';
import type { DeliveryWithAttempts } from './webhooks.repository.js';

/** A page of items and the numbers of the list envelope. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

function notFound(): NotFoundProblem {
  return new NotFoundProblem('There is no such webhook.');
}

/** The rules of webhooks: whose they are, where they may point, when secrets change. */
@Injectable()
export class WebhooksService {
  private readonly policy: AddressPolicy;

  constructor(
    private readonly webhooks: WebhooksRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.policy = new AddressPolicy(config.analyser.allowHosts);
  }

  /** Stores the webhook with a new secret, once its URL passes the address policy of analyses. */
  async create(accountId: string, body: CreateWebhookDto): Promise<Webhook> {
    const errors: FieldErrors = { ...body.fieldErrors };
    const target = errors.url ? null : parseTargetUrl(body.url);
    if (target) {
      try {
        await assertTargetAllowed(target, this.policy);
      } catch (error) {
        if (!(error instanceof AnalysisError && error.code === 'blocked')) {
          throw error;
        }
        errors.url = [error.message];
      }
    }
    throwIfInvalid(errors);
    // In the catalogue's order, each once.
    const events = WEBHOOK_EVENTS.filter((e) => body.events.includes(e));
    return this.webhooks.insert(
      accountId,
      normaliseTargetUrl(target!),
      events,
      newWebhookSecret(),
    );
  }

  async list(accountId: string, query: PageQuery): Promise<Page<Webhook>> {
    const { page, per_page: perPage } = query;
    const total = await this.webhooks.countForAccount(accountId);
    const offset = (page - 1) * perPage;
    const items =
      offset < total
        ? await this.webhooks.pageForAccount(accountId, offset, perPage)
        : [];
    return { items, total, page, perPage };
  }

  async get(accountId: string, id: string): Promise<Webhook> {
    const webhook = await this.webhooks.findForAccount(accountId, id);
    if (!webhook) throw notFound();
    return webhook;
  }

  /** Deletes the webhook and its deliveries: pending ones are not sent again. */
  async remove(accountId: string, id: string): Promise<void> {
    if (!(await this.webhooks.delete(accountId, id))) throw notFound();
  }

  /** A new secret: deliveries are signed with it from their next attempt on. */
  async rotateSecret(accountId: string, id: string): Promise<Webhook> {
    const webhook = await this.webhooks.replaceSecret(
      accountId,
      id,
      newWebhookSecret(),
    );
    if (!webhook) throw notFound();
    return webhook;
  }

  async deliveries(
    accountId: string,
    id: string,
    query: PageQuery,
  ): Promise<Page<DeliveryWithAttempts>> {
    const webhook = await this.get(accountId, id);
    const { page, per_page: perPage } = query;
    const total = await this.webhooks.countDeliveries(webhook.id);
    const offset = (page - 1) * perPage;
    const items =
      offset < total
        ? await this.webhooks.pageDeliveries(webhook.id, offset, perPage)
        : [];
    return { items, total, page, perPage };
  }
}
