import { Test } from '@nestjs/testing';
import { FakeReportsRepository } from '../../../test/support/fake-reports-repository.js';
import { ProblemException } from '../../common/problem.js';
import { APP_CONFIG, loadConfig } from '../../config/config.js';
import { hashPassword } from '../../sharing/password-hash.js';
import type { Report } from '../report.entity.js';
import { ReportsRepository } from '../reports.repository.js';
import {
  AttemptLimiter,
  MemoryAttemptLimiter,
} from '../../rate-limits/attempt-limiter.js';
import { Privacy } from '../../sharing/privacy.js';
import { ShareAccess } from '../../sharing/share-access.js';
import { clientGroup } from '../../sharing/share-gate.js';
import type { ShareGate } from '../../sharing/share-gate.js';
import { newShareToken } from '../../sharing/share-token.js';
import { REPORT_SHARES } from './report-shares.js';
// Reports' gate (sharing's, for the kind reports declare), over a repository in memory.
describe('ReportAccess', () => {
  let repository: FakeReportsRepository;
  let access: ShareGate<Report>;
  let passwordHash: string;

  beforeAll(async () => {
    passwordHash = await hashPassword('right');
  });

  beforeEach(async () => {
    repository = new FakeReportsRepository();
    const moduleRef = await Test.createTestingModule({
      providers: [
        ShareAccess,
        { provide: ReportsRepository, useValue: repository },
        { provide: APP_CONFIG, useValue: loadConfig({}) },
        { provide: AttemptLimiter, useValue: new MemoryAttemptLimiter() },
      ],
    }).compile();
    access = moduleRef.get(ShareAccess).gateOf(REPORT_SHARES);
  });

  const statusOf = (work: Promise<unknown>) =>
    work.then(
      () => 200,
      (error: ProblemException) => error.getStatus(),
    );
  const passwordReport = () =>
    repository.seed({
      shareToken: newShareToken(),
      accountId: '1',
      privacy: Privacy.Password,
      passwordHash,
    });

  it('opens a public report to anyone', async () => {
    const { shareToken } = repository.seed({
      accountId: '1',
      privacy: Privacy.Public,
      shareToken: 'public-token',
    });
    expect(
      await access.open(shareToken!, { client: '192.0.2.1' }),
    ).toMatchObject({
      granted: true,
    });
  });

  it('answers a private or missing report with 404, password or not', async () => {
    // A report shared once, then made private, keeps its token; the token opens nothing.
    const { shareToken } = repository.seed({
      accountId: '1',
      shareToken: newShareToken(),
    });
    expect(await statusOf(access.open(shareToken!, { client: 'c' }))).toBe(404);
    expect(
      await statusOf(access.open(shareToken!, { client: 'c', password: 'x' })),
    ).toBe(404);
    expect(await statusOf(access.open(newShareToken(), { client: 'c' }))).toBe(
      404,
    );
  });

  it('asks for the password of a password report, and tells a wrong one', async () => {
    const { shareToken: token } = passwordReport();
    expect(await access.open(token!, { client: 'c' })).toMatchObject({
      granted: false,
      reason: 'needed',
    });
    expect(
      await access.open(token!, { client: 'c', password: 'no' }),
    ).toMatchObject({ granted: false, reason: 'wrong' });
    expect(
      await access.open(token!, { client: 'c', password: 'right' }),
    ).toMatchObject({ granted: true });
  });

  it('takes the cookie a right password earned until the privacy or password changes', async () => {
    const report = passwordReport();
    const cookie = access.cookieFor(report);
    expect(cookie).toMatchObject({
      name: 'shared_report',
      path: `/r/${report.shareToken}`,
    });
    expect(
      await access.open(report.shareToken!, {
        client: 'c',
        cookie: cookie.value,
      }),
    ).toMatchObject({ granted: true });
    repository.rows.get(report.id)!.shareVersion++;
    expect(
      await access.open(report.shareToken!, {
        client: 'c',
        cookie: cookie.value,
      }),
    ).toMatchObject({ granted: false, reason: 'needed' });
  });

  it('refuses with 429 after 5 wrong passwords from one client, not from another', async () => {
    const { shareToken: token } = passwordReport();
    for (let i = 0; i < 5; i++) {
      await access.open(token!, { client: '2001:db8:1:2::1', password: 'no' });
    }
    // The same /64 is the same client.
    expect(
      await statusOf(
        access.open(token!, { client: '2001:db8:1:2::99', password: 'right' }),
      ),
    ).toBe(429);
    expect(
      await access.open(token!, {
        client: '2001:db8:1:3::1',
        password: 'right',
      }),
    ).toMatchObject({ granted: true });
  });

  it('does not count right passwords against the limit', async () => {
    const { shareToken: token } = passwordReport();
    for (let i = 0; i < 8; i++) {
      expect(
        await access.open(token!, { client: 'c', password: 'right' }),
      ).toMatchObject({ granted: true });
    }
  });

  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
  ])('counts %s as the client %s', (address, group) => {
    expect(clientGroup(address)).toBe(group);
  });
});
