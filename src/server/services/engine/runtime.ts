import type { Db } from '../../db/db';
import { VendorAllowance } from './allowance';
import { OrderBook } from './book';
import { DebugGrants } from './debug-grants';
import { MatchCounts } from './match-counts';
import { PingWriter } from './ping-writer';
import { VendorKeys } from './vendor-keys';

/**
 * What one server keeps for the engine between requests: the order book, the vendors'
 * keys and request counts, the ping writer, the breakdown counts and the debugger's
 * one-time grants.
 */
export class EngineRuntime {
  readonly book = new OrderBook();
  readonly keys = new VendorKeys();
  readonly debugGrants = new DebugGrants();
  readonly allowance: VendorAllowance;
  readonly pings: PingWriter;
  readonly counts: MatchCounts;

  /** `pingDeadlineMs`: a ping is answered within it (config PING_DEADLINE_MS). */
  constructor(db: Db, readonly pingDeadlineMs: number) {
    this.pings = new PingWriter(db);
    this.counts = new MatchCounts(db);
    this.counts.start();
    this.allowance = new VendorAllowance(db);
    this.allowance.start();
  }

  /** Listen for changes to the vendors' keys (until then every token is read). */
  attach(db: Db): Promise<void> {
    return this.keys.attach(db);
  }

  /** Write what is pending (the server stops). */
  async close(): Promise<void> {
    this.allowance.stop();
    await this.pings.idle();
    await this.counts.stop();
  }
}
