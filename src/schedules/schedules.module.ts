import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Clock, SystemClock } from '../common/clock.js';
import { ScheduleTick } from './schedule-tick.js';

/**
 * Schedules for every schedulable kind (schedulable.ts): the tick finds the
 * kinds' providers by their @Schedulable() mark, so a feature imports nothing here.
 */
@Module({
  imports: [DiscoveryModule],
  providers: [ScheduleTick, { provide: Clock, useClass: SystemClock }],
  exports: [ScheduleTick],
})
export class SchedulesModule {}
