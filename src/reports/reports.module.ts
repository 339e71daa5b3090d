import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ReportAnalyser } from './report-analyser.js';
import { ReportRunner } from './report-runner.js';
import { ReportsController } from './reports.controller.js';
import { ReportsService } from './reports.service.js';

@Module({
  imports: [AuthModule],
  controllers: [ReportsController],
  providers: [ReportsService, ReportAnalyser, ReportRunner],
  exports: [ReportsService],
})
export class ReportsModule {}
