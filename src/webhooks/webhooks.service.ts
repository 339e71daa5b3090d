import { Inject, Injectable } from '@nestjs/common';
import {
  AnalysisError,
  assertTargetAllowed,
  normaliseTargetUrl,
  parseTargetUrl,
  policyOf,
} from '../analysis/index.js';
import type { AddressPolicy } from '../analysis/index.js';
import { LimitReachedProblem, NotFoundProblem } from '../common/problem.js';
import { throwIfInvalid } from '../common/validation.js';
import type { FieldErrors } from '../common/validation.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import type { CreateWebhookDto } from './dto/create-webhook.dto.js';
import { countThenPage } from '../common/pagination/paginate.js';
import type { NumberedPage } from '../common/pagination/paginate.js';
import type { PageQuery } from '../common/pagination/page.query.js';
import { WEBHOOK_EVENTS } from './webhook-events.js';
import type { Webhook } from './webhook.entity.js';
import { newWebhookSecret } from './webhook-signature.js';
import { WebhooksRepository } from './webhooks.repository.js';
import type { DeliveryWithAttempts } from './webhooks.repository.js';

function notFound(): NotFoundProblem {
  return new NotFoundProblem('There is no such webhook.');
}

/** The rules of webhooks: whose they are, where they may point, when secrets change. */
@Injectable()
export class WebhooksService {
  private readonly policy: AddressPolicy;

  constructor(
    private readonly webhooks: WebhooksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.policy = policyOf(config.analyser);
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
      (count) => this.refuseWebhooks(count),
    );
  }

  /** 409 naming WEBHOOKS_PER_ACCOUNT when the account has as many webhooks as it allows. */
  private refuseWebhooks(count: number): void {
    const cap = this.config.webhooksPerAccount;
    if (count < cap) return;
    throw new LimitReachedProblem(
      `This account has ${count} webhooks; WEBHOOKS_PER_ACCOUNT allows ${cap}. Delete one first.`,
      'WEBHOOKS_PER_ACCOUNT',
      cap,
    );
  }

  list(accountId: string, query: PageQuery): Promise<NumberedPage<Webhook>> {
    return countThenPage(
      query,
      () => this.webhooks.countForAccount(accountId),
      (offset, limit) => this.webhooks.pageForAccount(accountId, offset, limit),
    );
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

  /** Enables a disabled webhook: events from now on are delivered to it again. */
  async enable(accountId: string, id: string): Promise<Webhook> {
    const webhook = await this.webhooks.enable(accountId, id);
    if (!webhook) throw notFound();
    return webhook;
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
  ): Promise<NumberedPage<DeliveryWithAttempts>> {
    const webhook = await this.get(accountId, id);
    return countThenPage(
      query,
      () => this.webhooks.countDeliveries(webhook.id),
      (offset, limit) =>
        this.webhooks.pageDeliveries(webhook.id, offset, limit),
    );
  }
}
