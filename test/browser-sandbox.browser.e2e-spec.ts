import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite, SiteRequest } from './support/fixture-server.js';
import { startScaledOut } from './support/scaled-out.js';
import type { ScaledOut } from './support/scaled-out.js';
import { waitUntil } from './support/wait.js';

/**
 * Every browser the service starts cannot be turned against it: read from /proc while
 * a render and a lab measurement run, no browser process has `--no-sandbox`, its
 * renderers are in a user namespace of their own with a seccomp filter, and no
 * browser process's environment holds a variable the service reads. As root (the
 * browser then runs as BROWSER_USER, nobody) and as an unprivileged user. A worker
 * killed during a render or a lab run leaves no browser behind.
 */

/** Values planted in the service's environment: none may reach a browser. */
const SECRETS = {
  DATABASE_URL: 'postgres://sentinel-user:sentinel-password@127.0.0.1:1/none',
  REDIS_URL: 'redis://:sentinel-redis-password@127.0.0.1:1/15',
  SHARE_SECRET: 'sentinel-share-secret-0123456789abcdefghij',
};

/** Every variable the service reads: the names its configuration and its code name. */
const SERVICE_VARIABLES = new Set([
  ...Object.keys(SECRETS),
  ...[
    ...readFileSync('src/config/config.ts', 'utf8').matchAll(
      /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g,
    ),
  ].map((match) => match[1]),
]);

interface ProcessFacts {
  pid: number;
  args: string[];
  environ: string;
  userNamespace: string;
  seccomp: number;
  uid: number;
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: the fields follow its last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** The processes below `root`, found through their parents. */
function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent === null) continue;
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function factsOf(pid: number): ProcessFacts | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return {
      pid,
      // Chromium rewrites its children's titles as one line: split on spaces too.
      args: readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        .split(/[\0 ]/)
        .filter(Boolean),
      environ: readFileSync(`/proc/${pid}/environ`, 'utf8'),
      userNamespace: readlinkSync(`/proc/${pid}/ns/user`),
      seccomp: Number(/^Seccomp:\s+(\d+)/m.exec(status)?.[1]),
      uid: Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]),
    };
  } catch {
    // Gone meanwhile.
    return null;
  }
}

/** The browser processes below `root`: Chromium's, whatever its binary is called. */
function browserProcessesOf(root: number): ProcessFacts[] {
  return descendantsOf(root)
    .map(factsOf)
    .filter(
      (facts): facts is ProcessFacts =>
        facts !== null && /chrom/i.test(facts.args[0] ?? ''),
    );
}

const isRenderer = (facts: ProcessFacts) =>
  facts.args.includes('--type=renderer');

/**
 * Renderers found and settled: a renderer installs its seccomp filter a moment after
 * it starts, so the test reads them once each has had that moment (or the wait ends,
 * and the check below says what was found).
 */
const settled = (found: ProcessFacts[]) =>
  found.some(isRenderer) &&
  found.filter(isRenderer).every((facts) => facts.seccomp === 2);

/** What the test checks of every browser process, as one comparable record. */
function judged(facts: ProcessFacts, serviceNamespace: string) {
  const names = facts.environ
    .split('\0')
    .filter(Boolean)
    .map((entry) => entry.slice(0, entry.indexOf('=')));
  return {
    type: facts.args.find((arg) => arg.startsWith('--type=')) ?? 'browser',
    noSandbox: facts.args.includes('--no-sandbox'),
    serviceVariables: names.filter((name) => SERVICE_VARIABLES.has(name)),
    secretValues: Object.values(SECRETS).filter((value) =>
      facts.environ.includes(value),
    ),
    ...(isRenderer(facts)
      ? {
          ownUserNamespace: facts.userNamespace !== serviceNamespace,
          seccomp: facts.seccomp,
        }
      : {}),
  };
}

function expectSandboxed(
  browsers: ProcessFacts[],
  servicePid: number,
  browserUid: number,
) {
  const serviceNamespace = readlinkSync(`/proc/${servicePid}/ns/user`);
  expect(browsers.filter(isRenderer).length).toBeGreaterThan(0);
  for (const facts of browsers) {
    const clean = {
      type: facts.args.find((arg) => arg.startsWith('--type=')) ?? 'browser',
      noSandbox: false,
      serviceVariables: [],
      secretValues: [],
      ...(isRenderer(facts) ? { ownUserNamespace: true, seccomp: 2 } : {}),
    };
    expect(judged(facts, serviceNamespace)).toEqual(clean);
    expect([facts.pid, facts.uid]).toEqual([facts.pid, browserUid]);
  }
}

const asRoot = process.getuid?.() === 0;
/** Who the CLI runs as, and who its browser runs as then. */
const USERS: Array<{ name: string; prefix: string[]; browserUid: number }> =
  asRoot
    ? [
        { name: 'root', prefix: [], browserUid: 65534 },
        {
          name: 'an unprivileged user (nobody)',
          prefix: [
            'setpriv',
            '--reuid=nobody',
            '--regid=nogroup',
            '--clear-groups',
            '--',
          ],
          browserUid: 65534,
        },
      ]
    : [
        {
          name: `an unprivileged user (uid ${process.getuid?.()})`,
          prefix: [],
          browserUid: process.getuid?.() ?? -1,
        },
      ];

describe('the browsers the service starts', () => {
  let site: FixtureSite;
  const requests: SiteRequest[] = [];
  const held: Array<() => void> = [];

  beforeAll(async () => {
    // A page whose script waits on a request the site never answers: its render runs
    // until the time cap, long enough to be read from /proc.
    site = await startFixtureSite(
      {
        '/': (_req, res) =>
          html(
            res,
            '<!doctype html><html lang="en"><head><title>Held</title></head><body><h1>Held</h1><script>fetch("/held")</script></body></html>',
          ),
        '/held': () => new Promise<void>((resolve) => held.push(resolve)),
      },
      { requests },
    );
  });
  afterAll(async () => {
    for (const resolve of held.splice(0)) resolve();
    await site?.close();
  });

  function startCli(prefix: string[], args: string[]): ChildProcess {
    const [command, ...rest] = [...prefix, process.execPath];
    return spawn(command, [...rest, 'dist/cli/main.js', ...args], {
      env: {
        ...process.env,
        ...SECRETS,
        HOME: '/tmp',
        ANALYZER_ALLOW_HOSTS: '127.0.0.1',
      },
      stdio: 'ignore',
    });
  }

  async function stopped(child: ChildProcess): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }

  /** Runs the CLI with `flag` and checks its browser from /proc while it works. */
  async function expectSandboxedWhile(
    prefix: string[],
    flag: '--render' | '--lab',
    browserUid: number,
  ): Promise<void> {
    const child = startCli(prefix, ['analyse', site.url('/'), flag]);
    try {
      // The CLI itself runs below setpriv as the same pid: its children are its own.
      const browsers = await waitUntil(
        () => Promise.resolve(browserProcessesOf(child.pid!)),
        settled,
        60_000,
        100,
      );
      expectSandboxed(browsers, child.pid!, browserUid);
    } finally {
      await stopped(child);
    }
  }

  describe.each(USERS)('run by $name', ({ prefix, browserUid }) => {
    it('renders in a sandboxed browser that holds none of the service settings', () =>
      expectSandboxedWhile(prefix, '--render', browserUid));

    it('measures in the lab in a sandboxed browser that holds none of the service settings', () =>
      expectSandboxedWhile(prefix, '--lab', browserUid));
  });

  describe('a worker killed', () => {
    let deployment: ScaledOut;
    let key: string;

    beforeAll(async () => {
      deployment = await startScaledOut();
      ({ key } = await deployment.api.newAccount());
    });
    afterAll(() => deployment?.close());

    it.each([
      ['during a render', { render: true }],
      ['during a lab run', { lab: true }],
    ])('%s leaves no browser process 10 s later', async (_case, ask) => {
      // The site's held request is answered by no one: the render or run goes on.
      const worker = deployment.worker.child.pid!;
      await deployment.api
        .as(key)
        .post('/api/v1/reports')
        .set('Prefer', 'respond-async')
        .send({ url: site.url('/'), ...ask })
        .expect(202);
      const browsers = await waitUntil(
        () => Promise.resolve(browserProcessesOf(worker)),
        (found) => found.some(isRenderer),
        30_000,
        100,
      );
      expect(browsers.some(isRenderer)).toBe(true);
      await deployment.worker.kill();
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const left = browsers.filter((facts) => {
        try {
          // The same process (not a pid reused since): same start of its command line.
          return readFileSync(`/proc/${facts.pid}/cmdline`, 'utf8').startsWith(
            facts.args[0],
          );
        } catch {
          return false;
        }
      });
      expect(left.map((facts) => facts.pid)).toEqual([]);
      // The next case needs a worker again.
      deployment.worker = await deployment.addWorker();
    });
  });
});
