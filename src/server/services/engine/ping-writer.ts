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
  #queue: Array<{ ping: PingRecord; done: (e?: unknown) => void }> = [];
  #draining: Promise<void> | null = null;
  /** Batches written so far (the bench reads it). */
  batches = 0;

  constructor(private readonly db: Db) {}

  write(ping: PingRecord): Promise<void> {
    const written = new Promise<void>((resolve, reject) => this.#queue.push({ ping, done: (e) => (e === undefined ? resolve() : reject(e)) }));
    this.#draining ??= this.#drain();
    return written;
  }

  /** Resolves when every ping queued so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length) {
        const batch = this.#queue.splice(0, BATCH);
        try {
          await writePings(this.db, batch.map((b) => b.ping));
          this.batches += 1;
          for (const b of batch) b.done();
        } catch (e) {
          for (const b of batch) b.done(e ?? new Error('ping batch failed'));
        }
      }
    } finally {
      this.#draining = null;
    }
  }
}
