import { readFileSync } from 'node:fs';

/**
 * Docker does not run here, so the files a team deploys with are read instead: the
 * image starts its browsers through the sandboxing launcher as a user other than root,
 * and compose gives the API and the workers the seccomp profile Chromium's sandbox
 * needs, a profile that allows its user namespaces and denies what administers the host.
 */

const compose = readFileSync('docker-compose.yml', 'utf8');
const dockerfile = readFileSync('Dockerfile', 'utf8');
const profile = JSON.parse(readFileSync('chromium-seccomp.json', 'utf8')) as {
  defaultAction: string;
  syscalls: Array<{ names: string[]; action: string }>;
};
const allowed = new Set(
  profile.syscalls
    .filter((rule) => rule.action === 'SCMP_ACT_ALLOW')
    .flatMap((rule) => rule.names),
);

describe('the Docker image', () => {
  it('installs the fonts the PDF embeds beside the browsers that print it', () => {
    expect(dockerfile).toMatch(
      /apt-get install -y --no-install-recommends chromium chromium-headless-shell \\\n\s+fonts-liberation fonts-dejavu-core/,
    );
  });

  it('ships the launcher every browser starts through, and runs as a user other than root', () => {
    expect(dockerfile).toMatch(
      /^COPY scripts\/sandboxed-browser\.sh \.\/scripts\/sandboxed-browser\.sh$/m,
    );
    const users = [...dockerfile.matchAll(/^USER (\S+)$/gm)].map((m) => m[1]);
    expect(users.at(-1)).toBe('node');
  });
});

describe('docker-compose.yml', () => {
  it('gives every service of the image the seccomp profile, and turns no sandbox off', () => {
    const anchor = compose.slice(
      compose.indexOf('x-service: &service'),
      compose.indexOf('\nservices:'),
    );
    expect(anchor).toMatch(
      /\n {2}security_opt:\n {4}- seccomp=\.\/chromium-seccomp\.json\n/,
    );
    for (const service of ['migrate', 'api', 'worker']) {
      const block = compose.slice(compose.indexOf(`\n  ${service}:\n`));
      expect([
        service,
        /^\s{4}<<: \*service$/m.test(block.split('\n\n')[0]),
      ]).toEqual([service, true]);
    }
    const settings = compose
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    expect(settings).not.toMatch(
      /BROWSER_SANDBOX|no-sandbox|seccomp=unconfined|SYS_ADMIN/,
    );
  });
});

describe('chromium-seccomp.json', () => {
  it('denies by default', () => {
    expect(profile.defaultAction).toBe('SCMP_ACT_ERRNO');
  });

  it("allows what Chromium's sandbox and a browser need", () => {
    const needs = [
      'clone',
      'clone3',
      'unshare',
      'chroot',
      'seccomp',
      'prctl',
      'read',
      'write',
      'openat',
      'mmap',
      'mprotect',
      'futex',
      'epoll_wait',
      'socket',
      'connect',
      'sendmsg',
      'recvmsg',
      'memfd_create',
      'execve',
    ];
    expect(needs.filter((name) => !allowed.has(name))).toEqual([]);
  });

  it('denies what administers the host', () => {
    const host = [
      'mount',
      'umount2',
      'pivot_root',
      'init_module',
      'finit_module',
      'kexec_load',
      'reboot',
      'swapon',
      'bpf',
      'perf_event_open',
      'ptrace',
      'process_vm_readv',
      'keyctl',
      'add_key',
      'open_by_handle_at',
      'settimeofday',
      'clock_settime',
      'sethostname',
    ];
    expect(host.filter((name) => allowed.has(name))).toEqual([]);
  });
});
