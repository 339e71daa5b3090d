import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { WebhookDeliveries } from './webhook-deliveries.js';
import { WebhookSender } from './webhook-sender.js';
import { Webhook, WebhookAttempt, WebhookDelivery } from './webhook.entity.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Webhooks: the keyed API of an account's endpoints, and the deliveries of the events
 * features publish (events/) to them, as jobs. A worker process uses the same module
 * to send them.
 */
@Module({
  imports: [
    AuthModule,
    RateLimitsModule,
    TypeOrmModule.forFeature([Webhook, WebhookDelivery, WebhookAttempt]),
  ],
  controllers: [WebhooksController],
  providers: [
    WebhooksRepository,
    WebhooksService,
    WebhookDeliveries,
    {
      provide: WebhookSender,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new WebhookSender(config),
    },
  ],
})
export class WebhooksModule {}
