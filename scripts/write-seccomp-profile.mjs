#!/usr/bin/env node
// Writes chromium-seccomp.json, the seccomp profile docker-compose.yml gives the API and
// the workers so that Chromium's sandbox can start in them (docs/rendering.md, "The
// browser's sandbox"). Docker's own profile refuses the user namespaces the sandbox makes
// (clone with namespace flags, unshare) to a container without CAP_SYS_ADMIN; this one
// denies by default, allows the system calls of the kernel's tables (x86-64 and the
// generic table arm64 uses) and leaves out those that administer the host: modules,
// mounts, time, swap, reboot, keyrings, BPF, tracing of other processes.
// Run it where Debian's linux-libc-dev is installed: node scripts/write-seccomp-profile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const TABLES = [
  '/usr/include/x86_64-linux-gnu/asm/unistd_64.h',
  '/usr/include/asm-generic/unistd.h',
];

/** What a container's browser never needs and the host's administrator alone should do. */
export const DENIED = [
  // Kernel modules and kexec.
  'create_module', 'delete_module', 'finit_module', 'init_module', 'get_kernel_syms',
  'query_module', 'kexec_file_load', 'kexec_load',
  // Mounts and file handles (the sandbox chroots into an empty directory, never mounts).
  'fsconfig', 'fsmount', 'fsopen', 'fspick', 'mount', 'mount_setattr', 'move_mount',
  'open_tree', 'pivot_root', 'umount', 'umount2', 'name_to_handle_at', 'open_by_handle_at',
  // Time, swap, reboot, accounting, quotas, host names, the kernel's log.
  'adjtimex', 'clock_adjtime', 'clock_settime', 'settimeofday', 'stime', 'swapoff',
  'swapon', 'reboot', 'acct', 'quotactl', 'quotactl_fd', 'setdomainname', 'sethostname',
  'syslog', 'vhangup',
  // Keyrings, BPF, performance counters, other processes' memory, userfaultfd.
  'add_key', 'keyctl', 'request_key', 'bpf', 'perf_event_open', 'kcmp', 'ptrace',
  'process_vm_readv', 'process_vm_writev', 'process_madvise', 'userfaultfd',
  // NUMA policy and page moves (CAP_SYS_NICE), raw I/O ports, obsolete calls.
  'get_mempolicy', 'mbind', 'migrate_pages', 'move_pages', 'set_mempolicy',
  'set_mempolicy_home_node', 'ioperm', 'iopl', 'lookup_dcookie', 'nfsservctl', 'sysfs',
  '_sysctl', 'uselib', 'ustat', 'vm86', 'vm86old', 'afs_syscall', 'getpmsg', 'putpmsg',
  'security', 'tuxcall',
];

/** What Chromium's sandbox needs beyond a plain process, which Docker's profile refuses. */
export const SANDBOX_NEEDS = ['clone', 'clone3', 'unshare', 'chroot', 'setns', 'seccomp'];

const names = new Set();
for (const table of TABLES) {
  for (const [, name] of readFileSync(table, 'utf8').matchAll(/#define __NR_([a-z0-9_]+)\s/g)) {
    if (name !== 'syscalls' && !name.startsWith('arch_specific')) names.add(name);
  }
}
for (const name of DENIED) names.delete(name);
for (const name of SANDBOX_NEEDS) {
  if (!names.has(name)) throw new Error(`${name} is not in the kernel's tables here`);
}

const profile = {
  defaultAction: 'SCMP_ACT_ERRNO',
  defaultErrnoRet: 1,
  archMap: [
    { architecture: 'SCMP_ARCH_X86_64', subArchitectures: ['SCMP_ARCH_X86', 'SCMP_ARCH_X32'] },
    { architecture: 'SCMP_ARCH_AARCH64', subArchitectures: ['SCMP_ARCH_ARM'] },
  ],
  syscalls: [{ names: [...names].sort(), action: 'SCMP_ACT_ALLOW' }],
};
const target = new URL('../chromium-seccomp.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(profile, null, 2)}\n`);
console.log(`${target.pathname}: ${names.size} system calls allowed, ${DENIED.length} denied.`);
