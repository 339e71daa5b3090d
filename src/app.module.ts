import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module.js';
import { BrandingModule } from './branding/branding.module.js';
import { CatalogueModule } from './catalogue/catalogue.module.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { ProblemPagesModule } from './common/problem-pages.js';
import { DatabaseModule } from './database/database.module.js';
import { EventsModule } from './events/events.module.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { RedisModule } from './redis/redis.module.js';
import type { DatabaseTarget } from './database/database.js';
import { ReportsModule } from './reports/reports.module.js';
import { SchedulesModule } from './schedules/schedules.module.js';
import { SiteAuditsModule } from './site-audits/site-audits.module.js';
import { OutputsModule } from './outputs/outputs.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

@Module({})
export class AppModule {
  /** The whole service, on the given configuration and database. */
  static register(config: AppConfig, database: DatabaseTarget): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(database),
        RedisModule.forRoot(config),
        EventsModule,
        ProblemPagesModule,
        JobsModule.forRoot('api'),
        AuthModule,
        ReportsModule,
        SiteAuditsModule,
        OutputsModule,
        // The tick of every schedulable kind the feature modules above declare.
        SchedulesModule,
        WebhooksModule,
        BrandingModule,
        CatalogueModule,
        HealthModule,
      ],
    };
  }
}
