import { Coalesced } from '../../db/coalesced';
import type { Db } from '../../db/db';
import { writePings, type PingRecord } from './record';

/** Pings per statement at most (a batch is one JSON parameter). */
const BATCH = 500;

/**
 * Pings written in batches (group commit): a ping waits for the batch it joined to
 * commit before it is answered, so its ping-post finds it on any instance, but the
 * pings that arrive while one batch commits share the next one: one statement and one
 * commit (one flush of the log) for many pings. Sales write their own rows in their
 * own transactions.
 */
export class PingWriter {
  readonly #batches: Coalesced<PingRecord, void>;

  constructor(db: Db) {
    this.#batches = new Coalesced<PingRecord, void>(async (pings) => {
      await writePings(db, pings);
      return pings.map(() => undefined);
    }, BATCH);
  }

  write(ping: PingRecord): Promise<void> {
    return this.#batches.ask(ping);
  }

  /** Resolves when every ping queued so far is written (or failed). */
  idle(): Promise<void> {
    return this.#batches.idle();
  }
}
