import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller.js';

/** GET /health/live and /health/ready (@nestjs/terminus). */
@Module({
  // Failures answer 503 to the prober; logging each one would flood the log during an outage.
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
})
export class HealthModule {}
