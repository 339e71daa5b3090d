import { Logger, Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit } from './config/config.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { ProblemPagesModule } from './common/problem-pages.js';
import { DatabaseModule } from './database/database.module.js';
import { EventsModule } from './events/events.module.js';
import { openDatabase } from './database/database.js';
import type { DatabaseTarget } from './database/database.js';
import { JobsModule } from './jobs/jobs.module.js';
import { createLog, PinoNestLogger } from './logging/logger.js';
import { RedisModule } from './redis/redis.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { SchedulesModule } from './schedules/schedules.module.js';
import { SiteAuditsModule } from './site-audits/site-audits.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/** A worker: takes analysis jobs from Redis and runs them; serves no HTTP. */
@Module({})
class WorkerModule {
  static register(config: AppConfig, database: DatabaseTarget): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(database),
        RedisModule.forRoot(config),
        EventsModule,
        // The feature modules' controllers are made here too, though never served.
        ProblemPagesModule,
        JobsModule.forRoot('worker'),
        ReportsModule,
        SiteAuditsModule,
        // The tick of every schedulable kind the feature modules above declare.
        SchedulesModule,
        WebhooksModule,
      ],
    };
  }
}

const logger = new Logger('Worker');
const read = loadConfigOrExit();
// A worker reads its own settings: its refusals say so, so that they are set on it too.
const config: AppConfig = {
  ...read,
  analyser: { ...read.analyser, process: 'worker' },
};
if (!config.redisUrl || !config.databaseUrl) {
  logger.error(
    "A worker takes its jobs from Redis and shares the API's PostgreSQL: set REDIS_URL and DATABASE_URL. Without Redis, the API runs analyses itself.",
  );
  process.exit(1);
}
const database = await openDatabase(config);
const app = await NestFactory.createApplicationContext(
  WorkerModule.register(config, database),
  { logger: new PinoNestLogger(createLog(config)) },
);
logger.log(
  `Running up to ${config.analysisConcurrency} analyses at a time (ANALYSIS_CONCURRENCY).`,
);
// The API checks a URL against its own ANALYZER_ALLOW_HOSTS; this worker fetches with its own.
logger.log(
  `Fetching besides public addresses: ${config.analyser.allowHosts.join(', ') || 'nothing'} (this worker's ANALYZER_ALLOW_HOSTS${config.analyser.onlyAllowHosts ? ', and nothing else: ANALYZER_ONLY_ALLOW_HOSTS' : ''}).`,
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    logger.log(
      `${signal}: finishing running analyses (at most ${config.shutdownGraceMs} ms), then stopping.`,
    );
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
