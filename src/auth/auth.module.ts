import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { API_RATE_LIMITER, ApiKeyGuard } from './api-key.guard.js';
import { ApiKeyService } from './api-key.service.js';
import { BearerStrategy } from './bearer.strategy.js';
import { RateLimiter } from '../common/rate-limiter.js';

@Module({
  imports: [PassportModule],
  providers: [
    ApiKeyService,
    BearerStrategy,
    ApiKeyGuard,
    {
      provide: API_RATE_LIMITER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new RateLimiter(config.rateLimitPerMinute),
    },
  ],
  exports: [ApiKeyService, ApiKeyGuard, API_RATE_LIMITER],
})
export class AuthModule {}
