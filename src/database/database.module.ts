import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DataSourceOptions } from 'typeorm';
import { dataSourceOptions, migrate } from './database.js';
import type { DatabaseTarget } from './database.js';

/** Where the service's data lives (DatabaseTarget): the embedded default or a PostgreSQL. */
export const DATABASE_TARGET = Symbol('DATABASE_TARGET');

/**
 * The data source on the configured PostgreSQL or the embedded default, migrated
 * before anything uses it. Each feature module registers its own entities
 * (TypeOrmModule.forFeature).
 */
@Module({})
export class DatabaseModule {
  static forRoot(target: DatabaseTarget): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [{ provide: DATABASE_TARGET, useValue: target }],
      exports: [DATABASE_TARGET],
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...dataSourceOptions(target),
            autoLoadEntities: true,
          }),
          dataSourceFactory: async (options?: DataSourceOptions) => {
            const dataSource = await new DataSource(options!).initialize();
            await migrate(dataSource, target.embedded);
            return dataSource;
          },
        }),
      ],
    };
  }
}
