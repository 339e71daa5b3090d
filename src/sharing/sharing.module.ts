import { Module } from '@nestjs/common';
import { SharedReportsController } from './shared-reports.controller.js';
import { SharedReportsService } from './shared-reports.service.js';

@Module({
  controllers: [SharedReportsController],
  providers: [SharedReportsService],
})
export class SharingModule {}
