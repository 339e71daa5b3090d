import { Global, Inject, Injectable, Module } from '@nestjs/common';
import type { BeforeApplicationShutdown, DynamicModule } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { REDIS, REDIS_COMMANDS } from '../redis/redis.module.js';
import { BullmqJobQueue } from './bullmq-job-queue.js';
import { JobQueue } from './job-queue.js';
import { JobsRepository } from './jobs.repository.js';
import { PostgresJobQueue } from './postgres-job-queue.js';

/** What this process is: an API (runs jobs itself only without Redis) or a worker. */
export type ProcessRole = 'api' | 'worker';

/** Closes the queue before the database and Redis go: running jobs finish or go back. */
@Injectable()
class JobQueueCloser implements BeforeApplicationShutdown {
  constructor(
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close(this.config.shutdownGraceMs);
  }
}

/** The job queue: BullMQ when Redis is configured, the database's jobs table otherwise. */
@Global()
@Module({})
export class JobsModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: JobsModule,
      providers: [
        JobsRepository,
        {
          provide: JobQueue,
          inject: [REDIS, REDIS_COMMANDS, JobsRepository, APP_CONFIG],
          useFactory: (
            redis: Redis | null,
            commands: Redis | null,
            jobs: JobsRepository,
            config: AppConfig,
          ) =>
            redis && commands
              ? new BullmqJobQueue(
                  {
                    workers: redis,
                    producer: commands,
                    addTimeoutMs: config.redisCommandTimeoutMs,
                  },
                  `${config.redisPrefix}:jobs`,
                  role === 'worker',
                )
              : new PostgresJobQueue(jobs),
        },
        JobQueueCloser,
      ],
      exports: [JobQueue],
    };
  }
}
