import {
  Controller,
  Get,
  Inject,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import type { HealthCheckResult } from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { ApiProblemResponses } from '../common/api-docs.js';
import { ProblemException } from '../common/problem.js';
import { JobQueue } from '../jobs/job-queue.js';
import { REDIS_COMMANDS } from '../redis/redis.module.js';

/** How long a dependency may take to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

/** /health/live answers only this. */
const LIVENESS_SCHEMA = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
};

/** What each dependency reported: `up`, with whatever the probe adds. */
const DEPENDENCIES_SCHEMA = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'string' } },
  },
};

/** @nestjs/terminus's answer: `info` holds the dependencies that are up. */
const READINESS_SCHEMA = {
  type: 'object',
  required: ['status', 'info', 'error', 'details'],
  properties: {
    status: { type: 'string', enum: ['ok'] },
    info: DEPENDENCIES_SCHEMA,
    error: DEPENDENCIES_SCHEMA,
    details: DEPENDENCIES_SCHEMA,
  },
  example: {
    status: 'ok',
    info: { database: { status: 'up' }, redis: { status: 'up' } },
    error: {},
    details: { database: { status: 'up' }, redis: { status: 'up' } },
  },
};

/** Probes for orchestrators and balancers; they need no key. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS_COMMANDS) private readonly redis: Redis | null,
    private readonly jobs: JobQueue,
  ) {}

  @Get('live')
  @ApiOperation({
    operationId: 'getLiveness',
    security: [],
    summary: 'Whether the process is up',
    description:
      'Answers 200 while the process serves HTTP; it checks nothing else.',
  })
  @ApiOkResponse({
    description: 'The process is up.',
    schema: LIVENESS_SCHEMA,
  })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    operationId: 'getReadiness',
    security: [],
    summary: 'Whether the service can serve requests',
    description:
      'Answers 200 when the database, and Redis when REDIS_URL is set, answer within 2 s, and every repeating job (the schedule tick) is set up; 503 naming what does not, otherwise. A repeating job Redis lost is set up again by a worker within its period (10 s at most).',
  })
  @ApiOkResponse({
    description: 'Every dependency answers.',
    schema: READINESS_SCHEMA,
  })
  @ApiProblemResponses({
    503: 'A dependency does not answer, or a repeating job is missing; `detail` names it.',
  })
  async ready(): Promise<HealthCheckResult> {
    const redis = this.redis;
    try {
      return await this.health.check([
        () => this.database.pingCheck('database').withTimeout(CHECK_TIMEOUT_MS),
        ...(redis
          ? [
              () =>
                this.indicators
                  .check('redis')
                  .attempt(async () => {
                    await redis.ping();
                  })
                  .withTimeout(CHECK_TIMEOUT_MS),
            ]
          : []),
        () =>
          this.indicators
            .check('repeating jobs')
            .attempt(async () => {
              // A store that does not answer is named by its own check, not as a missing job.
              const missing = await this.jobs
                .missingRepeats()
                .catch((): string[] => []);
              if (missing.length > 0) {
                throw new Error(`missing: ${missing.join(', ')}`);
              }
            })
            .withTimeout(CHECK_TIMEOUT_MS),
      ]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const result = error.getResponse() as HealthCheckResult;
      const { 'repeating jobs': repeats, ...unreachable } = result.error ?? {};
      const reasons = [
        ...(Object.keys(unreachable).length > 0
          ? [`${Object.keys(unreachable).join(' and ')} does not answer`]
          : []),
        ...(repeats
          ? [
              `a repeating job is not set up (${String((repeats as { message?: string }).message ?? 'missing')})`,
            ]
          : []),
      ];
      throw new ProblemException(
        503,
        `Not ready: ${reasons.join('; ') || 'a dependency does not answer'}.`,
        undefined,
        { 'Retry-After': '5' },
      );
    }
  }
}
