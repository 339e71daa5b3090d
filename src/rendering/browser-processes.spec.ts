import { spawn } from 'node:child_process';
import {
  findProcessByArgument,
  parsePssBytes,
  parseStat,
  processTree,
  stillRunning,
  treeOf,
  treePssBytes,
} from './browser-processes.js';
import type { ProcessId } from './browser-processes.js';

describe('parseStat', () => {
  it('reads pid, parent and start time, whatever the command name holds', () => {
    const line =
      '4242 (a) b (c)) S 4200 4242 4242 0 -1 4194560 100 0 0 0 5 1 0 0 20 0 7 0 987654 1000 50 18446744073709551615';
    expect(parseStat(line)).toEqual({
      pid: 4242,
      ppid: 4200,
      startTime: 987654,
    });
  });

  it('answers null for what is no stat line', () => {
    expect(parseStat('')).toBeNull();
    expect(parseStat('12 (x) S')).toBeNull();
  });
});

describe('parsePssBytes', () => {
  it('reads the Pss line, not Pss_Anon or Rss', () => {
    const rollup =
      '55d0-7ffd ---p 00000000 00:00 0 [rollup]\nRss:    1608 kB\nPss:     240 kB\nPss_Anon:  112 kB\n';
    expect(parsePssBytes(rollup)).toBe(240 * 1024);
    expect(parsePssBytes('Rss: 1 kB\n')).toBeNull();
  });
});

describe('treeOf', () => {
  it('finds every descendant of the root, and nothing beside it', () => {
    const stats = [
      { pid: 1, ppid: 0, startTime: 0 },
      { pid: 10, ppid: 1, startTime: 0 },
      { pid: 11, ppid: 10, startTime: 0 },
      { pid: 12, ppid: 11, startTime: 0 },
      { pid: 13, ppid: 10, startTime: 0 },
      { pid: 20, ppid: 1, startTime: 0 },
    ];
    expect(treeOf(10, stats).sort()).toEqual([10, 11, 12, 13]);
  });
});

describe('the processes of this machine', () => {
  it('finds a process by an argument, weighs its tree, and sees it end', async () => {
    const marker = `--marker-${process.pid}-${Date.now()}`;
    // sh starts a sleep of its own: a tree of two.
    const child = spawn('sh', ['-c', 'sleep 30 & wait', marker], {
      stdio: 'ignore',
    });
    try {
      let root: ProcessId | null = null;
      let tree: ProcessId[] = [];
      for (let i = 0; i < 100 && tree.length < 2; i++) {
        root = await findProcessByArgument(marker);
        tree = root ? await processTree(root) : [];
        if (tree.length < 2) await new Promise((r) => setTimeout(r, 50));
      }
      if (root === null) throw new Error('The process was not found.');
      expect(root.pid).toBe(child.pid);
      expect(tree).toHaveLength(2);
      expect(await treePssBytes(root)).toBeGreaterThan(0);
      process.kill(tree[1].pid, 'SIGKILL');
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      for (let i = 0; i < 100 && (await stillRunning(tree)).length > 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await stillRunning(tree)).toEqual([]);
      expect(await processTree(root)).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
