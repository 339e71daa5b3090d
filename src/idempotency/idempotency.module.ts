import { Injectable, Logger, Module } from '@nestjs/common';
import type {
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { IdempotencyKeysRepository } from './idempotency-keys.repository.js';
import { IdempotentRequests } from './idempotent-requests.interceptor.js';

/** How often expired keys are deleted (a key past 24 hours is reusable anyway). */
const PRUNE_EVERY_MS = 60 * 60_000;

/** Deletes expired keys now and then, so the table holds about a day of keys. */
@Injectable()
class ExpiredKeysPruner
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('Idempotency');
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly keys: IdempotencyKeysRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async prune(): Promise<void> {
    await this.keys
      .pruneExpired()
      .catch((error: Error) =>
        this.logger.warn(`Expired keys not pruned: ${error.message}`),
      );
  }
}

/** Idempotency-Key on creates: @Idempotent() on a route, its table, its pruning. */
@Module({
  providers: [IdempotencyKeysRepository, IdempotentRequests, ExpiredKeysPruner],
  exports: [IdempotencyKeysRepository, IdempotentRequests],
})
export class IdempotencyModule {}
