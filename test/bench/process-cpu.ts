import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds a process of this machine (every thread of it) has used so far; null when it cannot be read (gone, or on another machine). */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * The CPU of every PostgreSQL server process that serves `database`, those that close
 * before the end included: /proc is read every `everyMs` for processes titled
 * `postgres: [cluster: ]user database …`, and the last value of each pid is kept (a
 * closed connection's CPU is in no live process, and PostgreSQL accounts no CPU of
 * its own). A backend's CPU after its last sample, and one that opens and closes
 * between two samples, are lost; the server's shared processes (WAL writer,
 * checkpointer) serve every database and are not counted.
 */
export class DatabaseBackendCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private readonly others = new Set<number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly database: string,
    everyMs = 100,
  ) {
    this.sample(true);
    this.timer = setInterval(() => this.sample(false), everyMs);
  }

  /** Stops sampling (after a last sample); answers the CPU seconds used since construction. */
  stop(): { seconds: number; backends: number; closed: number } {
    const seconds = this.sofar();
    clearInterval(this.timer);
    let closed = 0;
    for (const pid of this.last.keys()) {
      if (cpuSecondsOf(pid) === null) closed++;
    }
    return { seconds, backends: this.last.size, closed };
  }

  /** The CPU seconds used since construction, sampled now. */
  sofar(): number {
    this.sample(false);
    let seconds = 0;
    for (const [pid, last] of this.last) {
      seconds += last - (this.first.get(pid) ?? 0);
    }
    return seconds;
  }

  private sample(baseline: boolean): void {
    let pids: number[];
    try {
      pids = readdirSync('/proc').filter(isPid).map(Number);
    } catch {
      return;
    }
    for (const pid of pids) {
      if (this.others.has(pid)) continue;
      if (!this.last.has(pid)) {
        const serves = this.serves(pid);
        if (serves === null) continue;
        if (!serves) {
          this.others.add(pid);
          continue;
        }
      }
      const cpu = cpuSecondsOf(pid);
      if (cpu === null) continue;
      if (!this.last.has(pid) && baseline) this.first.set(pid, cpu);
      this.last.set(pid, cpu);
    }
  }

  /** Whether the process serves the database; null while a new backend has no title yet. */
  private serves(pid: number): boolean | null {
    let title: string;
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return false;
    }
    if (title.startsWith('postgres: ')) {
      return (
        /^postgres: (?:\S+: )?\S+ (\S+) /.exec(title)?.[1] === this.database
      );
    }
    // A backend just forked still carries the postmaster's command line.
    return /\/postgres\0/.test(title) ? null : false;
  }
}

const isPid = (name: string) => /^\d+$/.test(name);
