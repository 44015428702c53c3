import type { Db } from '../../db/db';
import { OrderBook } from './book';
import { MatchCounts } from './match-counts';
import { PingWriter } from './ping-writer';

/** What one server keeps for the engine between requests: the order book, the ping writer and the breakdown counts. */
export class EngineRuntime {
  readonly book = new OrderBook();
  readonly pings: PingWriter;
  readonly counts: MatchCounts;

  /** `pingDeadlineMs`: a ping is answered within it (config PING_DEADLINE_MS). */
  constructor(db: Db, readonly pingDeadlineMs: number) {
    this.pings = new PingWriter(db);
    this.counts = new MatchCounts(db);
    this.counts.start();
  }

  /** Write what is pending (the server stops). */
  async close(): Promise<void> {
    await this.pings.idle();
    await this.counts.stop();
  }
}
