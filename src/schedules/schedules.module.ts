import { Module } from '@nestjs/common';
import { ScheduleTick } from './schedule-tick.js';

/** The schedule tick every feature with schedules registers its work with. */
@Module({
  providers: [ScheduleTick],
  exports: [ScheduleTick],
})
export class SchedulesModule {}
