import { readdir, readFile } from 'node:fs/promises';

/**
 * The browser's processes as Linux shows them in /proc: a Chromium is a tree (the
 * browser, its zygotes, renderers and utilities), found from its root by parent ids,
 * and weighed by proportional set size, so pages shared between them count once.
 */

/** A process, told apart from a later one given the same pid by its start time. */
export interface ProcessId {
  pid: number;
  /** Clock ticks after boot (field 22 of /proc/<pid>/stat). */
  startTime: number;
}

interface StatLine extends ProcessId {
  ppid: number;
}

/** The pid, parent and start time of a /proc/<pid>/stat line, or null when it does not read. */
export function parseStat(text: string): StatLine | null {
  // The command name (field 2) is in parentheses and may itself hold spaces and ")".
  const close = text.lastIndexOf(')');
  if (close === -1) return null;
  const pid = Number.parseInt(text, 10);
  const fields = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  // fields[0] is field 3 (state): the parent is field 4, the start time field 22.
  const ppid = Number(fields[1]);
  const startTime = Number(fields[19]);
  if (!Number.isInteger(pid) || !Number.isInteger(ppid)) return null;
  if (!Number.isFinite(startTime)) return null;
  return { pid, ppid, startTime };
}

/** The Pss line of /proc/<pid>/smaps_rollup, in bytes, or null when absent. */
export function parsePssBytes(smapsRollup: string): number | null {
  const match = /^Pss:\s+(\d+)\s+kB$/m.exec(smapsRollup);
  return match ? Number(match[1]) * 1024 : null;
}

/** `root` and every process below it, root first. */
export function treeOf(root: number, processes: readonly StatLine[]): number[] {
  const children = new Map<number, number[]>();
  for (const { pid, ppid } of processes) {
    const list = children.get(ppid) ?? [];
    list.push(pid);
    children.set(ppid, list);
  }
  const tree = new Set<number>();
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    if (tree.has(pid)) continue;
    tree.add(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return [...tree];
}

async function readOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    // The process ended between listing /proc and reading it.
    return null;
  }
}

async function pids(): Promise<number[]> {
  const names = await readdir('/proc');
  return names.filter((name) => /^\d+$/.test(name)).map(Number);
}

async function statOf(pid: number): Promise<StatLine | null> {
  const text = await readOrNull(`/proc/${pid}/stat`);
  return text === null ? null : parseStat(text);
}

async function allStats(): Promise<StatLine[]> {
  const stats = await Promise.all((await pids()).map(statOf));
  return stats.filter((stat): stat is StatLine => stat !== null);
}

/**
 * The process whose command line holds `argument` and whose parent's does not (the
 * root of a tree launched with it), or null.
 */
export async function findProcessByArgument(
  argument: string,
): Promise<ProcessId | null> {
  const stats = await allStats();
  const holders = new Set<number>();
  await Promise.all(
    stats.map(async ({ pid }) => {
      const cmdline = await readOrNull(`/proc/${pid}/cmdline`);
      if (cmdline?.split('\0').includes(argument)) holders.add(pid);
    }),
  );
  const root = stats.find(
    (stat) => holders.has(stat.pid) && !holders.has(stat.ppid),
  );
  return root ? { pid: root.pid, startTime: root.startTime } : null;
}

/** The processes of the tree under `root` now (empty when the root has ended). */
export async function processTree(root: ProcessId): Promise<ProcessId[]> {
  const stats = await allStats();
  const found = stats.find((stat) => stat.pid === root.pid);
  if (!found || found.startTime !== root.startTime) return [];
  const byPid = new Map(stats.map((stat) => [stat.pid, stat]));
  return treeOf(root.pid, stats).map((pid) => {
    const { startTime } = byPid.get(pid) as StatLine;
    return { pid, startTime };
  });
}

/** The processes of `ids` still running (same pid, same start time). */
export async function stillRunning(
  ids: readonly ProcessId[],
): Promise<ProcessId[]> {
  const running = await Promise.all(
    ids.map(async (id) => {
      const stat = await statOf(id.pid);
      return stat?.startTime === id.startTime ? id : null;
    }),
  );
  return running.filter((id): id is ProcessId => id !== null);
}

/** The proportional set size of every process of the tree under `root`, summed, in bytes. */
export async function treePssBytes(root: ProcessId): Promise<number> {
  const tree = await processTree(root);
  const sizes = await Promise.all(
    tree.map(async ({ pid }) => {
      const text = await readOrNull(`/proc/${pid}/smaps_rollup`);
      return text === null ? 0 : (parsePssBytes(text) ?? 0);
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}
