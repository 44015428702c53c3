import type { Db } from '../../db/db';
import type { JobLog, JobMonitor } from '../job-monitor';
import { ALLOWANCE_SYNC_MS, VendorAllowance } from './allowance';
import { OrderBook } from './book';
import { DebugGrants } from './debug-grants';
import { MovingReads } from './facts';
import { COUNTS_FLUSH_MS, MatchCounts } from './match-counts';
import { PingDays } from './ping-days';
import { PingWriter } from './ping-writer';
import { VendorKeys } from './vendor-keys';

/** The engine's background jobs (GET /rest/system/jobs lists them under these names). */
const JOBS = { allowance: 'vendor-allowance-sync', counts: 'match-counts-flush', pingDays: 'ping-days-flush' } as const;

/**
 * What one server keeps for the engine between requests: the order book, the vendors'
 * keys and request counts, the ping writer and the matches' shared reads, the breakdown counts, the pings seen per day
 * and the debugger's one-time grants.
 */
export class EngineRuntime {
  readonly book = new OrderBook();
  readonly keys = new VendorKeys();
  readonly debugGrants = new DebugGrants();
  readonly allowance: VendorAllowance;
  readonly pings: PingWriter;
  /** The matches' moving-facts reads, shared by the matches made at once. */
  readonly moving: MovingReads;
  readonly counts: MatchCounts;
  readonly pingDays: PingDays;
  #jobs: JobMonitor | null = null;

  /**
   * `pingDeadlineMs`: a ping is answered within it (config PING_DEADLINE_MS); `log` hears
   * the failures of matches that went on after their ping was answered.
   */
  constructor(db: Db, readonly pingDeadlineMs: number, readonly log: JobLog) {
    this.pings = new PingWriter(db);
    this.moving = new MovingReads(db);
    this.counts = new MatchCounts(db);
    this.pingDays = new PingDays(db);
    this.allowance = new VendorAllowance(db);
  }

  /**
   * Sync the vendors' shared request counts and flush the breakdown counts on timers. A
   * failing sync retries within 5 s at most (the counts are of the current second); a
   * failing flush keeps its counts and retries within a minute (a chart, and every
   * breakdown read flushes first).
   */
  runJobs(jobs: JobMonitor): void {
    jobs.every({ name: JOBS.allowance, description: "Adds this server's vendor requests to the shared per-second counts",
      everyMs: ALLOWANCE_SYNC_MS, maxBackoffMs: 5_000 }, () => this.allowance.sync());
    jobs.every({ name: JOBS.counts, description: 'Adds the order breakdown counts to the database',
      everyMs: COUNTS_FLUSH_MS, maxBackoffMs: 60_000 }, () => this.counts.flush());
    jobs.every({ name: JOBS.pingDays, description: 'Adds the pings seen per day and ZIP to the database (the recommended orders)',
      everyMs: COUNTS_FLUSH_MS, maxBackoffMs: 60_000 }, () => this.pingDays.flush());
    this.#jobs = jobs;
  }

  /** Listen for changes to the vendors' keys (until then every token is read). */
  attach(db: Db): Promise<void> {
    return this.keys.attach(db);
  }

  /** Write what is pending (the server stops). */
  async close(): Promise<void> {
    await this.#jobs?.stop([JOBS.allowance, JOBS.counts, JOBS.pingDays]);
    await this.pings.idle();
    await this.counts.flush();
    await this.pingDays.flush();
  }
}
