import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DataSourceOptions } from 'typeorm';
import { AuthModule } from './auth/auth.module.js';
import { APP_CONFIG } from './config/config.js';
import type { AppConfig } from './config/config.js';
import { dataSourceOptions, migrate } from './database/database.js';
import type { DatabaseTarget } from './database/database.js';
import { ReportsModule } from './reports/reports.module.js';
import { SharingModule } from './sharing/sharing.module.js';

@Module({})
export class AppModule {
  /** The whole service, on the given configuration and database. */
  static register(config: AppConfig, database: DatabaseTarget): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(database),
          dataSourceFactory: async (options?: DataSourceOptions) => {
            const dataSource = await new DataSource(options!).initialize();
            await migrate(dataSource, database.embedded);
            return dataSource;
          },
        }),
        AuthModule,
        ReportsModule,
        SharingModule,
      ],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
