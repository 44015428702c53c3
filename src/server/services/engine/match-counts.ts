import type { Decision, Outcome } from '../../../domain/engine';
import { statement, type Db } from '../../db/db';

/** How often each server adds its counts to the database. */
export const COUNTS_FLUSH_MS = 1_000;

const ADD = statement('engine_add_match_counts',
  `INSERT INTO order_match_counts (order_id, outcome, n)
   SELECT x.o, x.r, x.n FROM unnest($1::int[], $2::text[], $3::bigint[]) AS x(o, r, n) JOIN orders o ON o.id = x.o
   ON CONFLICT (order_id, outcome) DO UPDATE SET n = order_match_counts.n + EXCLUDED.n`, { quiet: true });

/**
 * The order breakdown chart's counts (order_match_counts, migration 018), summed in
 * memory and added to the database every COUNTS_FLUSH_MS, before a breakdown is read,
 * and when the server stops: a ping adds to a few hundred orders' counts, which one
 * statement a second carries instead of a row per order per ping. A crash loses at most
 * the last second's counts (a chart, not money).
 */
export class MatchCounts {
  #pending = new Map<string, number>();
  #flushing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  start(): void {
    this.#timer ??= setInterval(() => void this.flush().catch(() => {}), COUNTS_FLUSH_MS);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.flush();
  }

  add(outcomes: Decision['outcomes'] | Array<{ orderId: number; outcome: Outcome }>): void {
    const list = outcomes instanceof Map ? [...outcomes].map(([orderId, o]) => ({ orderId, outcome: o.outcome })) : outcomes;
    for (const { orderId, outcome } of list) {
      const k = `${orderId}:${outcome}`;
      this.#pending.set(k, (this.#pending.get(k) ?? 0) + 1);
    }
  }

  /** Add what is pending to the database (in key order, so two servers' flushes never deadlock). */
  flush(): Promise<void> {
    const run = this.#flushing.catch(() => {}).then(() => this.#write());
    this.#flushing = run;
    return run;
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0) return;
    const taken = this.#pending;
    this.#pending = new Map();
    const rows = [...taken].map(([k, n]) => {
      const at = k.indexOf(':');
      return { o: Number(k.slice(0, at)), r: k.slice(at + 1), n };
    }).sort((a, b) => a.o - b.o || (a.r < b.r ? -1 : a.r > b.r ? 1 : 0));
    try {
      await this.db.query(ADD, [rows.map((r) => r.o), rows.map((r) => r.r), rows.map((r) => r.n)]);
    } catch (e) {
      // Kept for the next flush (orders that no longer exist are skipped by the statement, so only an outage lands here).
      for (const [k, n] of taken) this.#pending.set(k, (this.#pending.get(k) ?? 0) + n);
      throw e;
    }
  }
}
