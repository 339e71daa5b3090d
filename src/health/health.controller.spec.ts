import { Test } from '@nestjs/testing';
import { TerminusModule, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ProblemException } from '../common/problem.js';
import { JobQueue } from '../jobs/job-queue.js';
import { REDIS_COMMANDS } from '../redis/redis.module.js';
import { HealthController } from './health.controller.js';

/** Readiness with the database up, no Redis, and these repeating jobs missing. */
async function readinessWith(missing: string[]) {
  const moduleRef = await Test.createTestingModule({
    imports: [TerminusModule.forRoot({ logger: false })],
    controllers: [HealthController],
    providers: [
      { provide: REDIS_COMMANDS, useValue: null },
      {
        provide: JobQueue,
        useValue: { missingRepeats: () => Promise.resolve(missing) },
      },
    ],
  })
    .overrideProvider(TypeOrmHealthIndicator)
    .useValue({
      pingCheck: () => ({
        withTimeout: () => Promise.resolve({ database: { status: 'up' } }),
      }),
    })
    .compile();
  return moduleRef.get(HealthController).ready();
}

describe('readiness', () => {
  it('is ready when every repeating job is set up', async () => {
    expect(await readinessWith([])).toMatchObject({
      status: 'ok',
      info: { 'repeating jobs': { status: 'up' } },
    });
  });

  it('answers 503 naming a repeating job that is missing (Redis lost it)', async () => {
    const refused = await readinessWith(['schedule-ticks/schedule-tick']).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ProblemException);
    const problem = (refused as ProblemException).toDocument();
    expect(problem.status).toBe(503);
    expect(problem.detail).toBe(
      'Not ready: a repeating job is not set up (missing: schedule-ticks/schedule-tick).',
    );
  });
});
