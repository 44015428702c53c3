import { readFileSync } from 'node:fs';
import pg from 'pg';
import { withDatabase } from '../tests/helpers/postgres-admin';

/** CPU seconds (user and system) a process has used so far, from /proc/<pid>/stat; 0 once it is gone. */
export function processCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The CPU of one database's PostgreSQL backends over a phase: their pids from
 * pg_stat_activity (datname = that database) every 200 ms, each one's /proc/<pid>/stat.
 * A backend seen at the start counts from its reading then; one that starts during the
 * phase counts from zero; one that ends counts up to its last reading (at most 200 ms of
 * its work lost; the server's pools keep their connections through a loop). The poller's
 * own connection is to the maintenance database, so it is not counted.
 */
export class Backends {
  private client: pg.Client | null = null;
  private first = new Map<number, number>();
  private last = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> = Promise.resolve();

  constructor(private readonly url: string | undefined, private readonly databases: string[]) {}

  private async poll(initial: boolean): Promise<void> {
    if (!this.client) return;
    const { rows } = await this.client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = ANY($1)', [this.databases]);
    for (const { pid } of rows) {
      const t = processCpu(pid);
      if (t === 0) continue;
      if (!this.first.has(pid)) this.first.set(pid, initial ? t : 0);
      this.last.set(pid, t);
    }
  }

  async start(): Promise<void> {
    if (!this.url || this.databases.length === 0) return;
    this.client = new pg.Client({ connectionString: withDatabase(this.url, 'postgres') });
    await this.client.connect();
    this.first.clear();
    this.last.clear();
    await this.poll(true);
    this.timer = setInterval(() => (this.polling = this.polling.then(() => this.poll(false))), 200);
  }

  /** CPU seconds of the backends since start(). */
  async stop(): Promise<number> {
    if (!this.client) return 0;
    clearInterval(this.timer!);
    await this.polling;
    await this.poll(false);
    await this.client.end();
    this.client = null;
    let s = 0;
    for (const [pid, t] of this.last) s += t - this.first.get(pid)!;
    return s;
  }
}

/** What a phase cost: CPU seconds of each server process, of the database's backends, of the load generator (this process). */
export interface Spent {
  servers: number[];
  postgres: number;
  load: number;
}

/** Measure the CPU of `fn` apart per process. */
export async function spent<T>(pids: number[], backends: Backends, fn: () => Promise<T>): Promise<{ result: T; cpu: Spent }> {
  await backends.start();
  const s0 = pids.map(processCpu);
  const l0 = process.cpuUsage();
  const result = await fn();
  const l = process.cpuUsage(l0);
  const servers = pids.map((p, i) => processCpu(p) - s0[i]);
  const postgres = await backends.stop();
  return { result, cpu: { servers, postgres, load: (l.user + l.system) / 1e6 } };
}

/** The machine's load average over 1, 5 and 15 minutes (it is shared: every figure is read beside it). */
export const loadavg = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
