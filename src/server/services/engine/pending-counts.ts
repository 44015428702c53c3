/**
 * Counts the engine sums in memory under a key and adds to the database as one statement
 * per flush (the breakdown's counts, scrubbed leads, pings per day): a ping touches a few
 * hundred counts, which one statement a second carries instead of a row each.
 *
 * - Flushes run one after another, each after the previous settles either way (its failure
 *   went to its own caller).
 * - A flush takes what is pending and starts a new map, so counts added while it writes
 *   wait for the next one; if the write fails, what it took is merged back and kept.
 * - Rows are written in key order, so two servers' flushes lock rows in the same order
 *   and never deadlock.
 */
export class PendingCounts<K extends string | number, R> {
  #pending = new Map<K, R>();
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    /** Adds `more` into `row` (which may be changed and returned) for the same key. */
    private readonly merge: (row: R, more: R) => R,
    /** Writes the rows, in key order, in one statement. */
    private readonly write: (rows: Array<[K, R]>) => Promise<void>,
  ) {}

  /** Adds a row under its key (merged into the one pending there). */
  add(key: K, row: R): void {
    const now = this.#pending.get(key);
    this.#pending.set(key, now === undefined ? row : this.merge(now, row));
  }

  flush(): Promise<void> {
    const write = () => this.#write();
    const run = this.#flushing.then(write, write);
    this.#flushing = run;
    return run;
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0) return;
    const taken = this.#pending;
    this.#pending = new Map();
    const rows = [...taken].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    try {
      await this.write(rows);
    } catch (e) {
      for (const [k, r] of taken) {
        const now = this.#pending.get(k);
        this.#pending.set(k, now === undefined ? r : this.merge(now, r));
      }
      throw e;
    }
  }
}
