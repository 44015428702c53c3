import { OUTCOMES, type Decision, type Outcome } from '../../../domain/engine';
import { statement, type Db } from '../../db/db';
import { DenseCounts } from './dense-counts';
import { PendingCounts } from './pending-counts';
import { ScrubbedCounts } from './scrubbed-counts';

const KINDS = 64;
const OUTCOME_INDEX = new Map<Outcome, number>(OUTCOMES.map((o, i) => [o, i]));
if (OUTCOMES.length > KINDS) throw new Error('match-counts: more outcomes than keys');

/** How often each server adds its counts to the database. */
export const COUNTS_FLUSH_MS = 1_000;

const ADD = statement('engine_add_match_counts',
  `INSERT INTO order_match_counts (order_id, outcome, n)
   SELECT x.o, x.r, x.n FROM unnest($1::int[], $2::text[], $3::bigint[]) AS x(o, r, n) JOIN orders o ON o.id = x.o
   ON CONFLICT (order_id, outcome) DO UPDATE SET n = order_match_counts.n + EXCLUDED.n`, { quiet: true });

/**
 * The order breakdown chart's counts (order_match_counts, migration 018), summed in
 * memory and added to the database every COUNTS_FLUSH_MS (a job of the engine's runtime),
 * before a breakdown is read, and when the server stops: a ping adds to the counts of every order of its area, which one
 * statement a second carries instead of a row per order per ping. A crash loses at most
 * the last second's counts (a chart, not money).
 */
export class MatchCounts {
  readonly #pending: PendingCounts<number, number>;
  readonly #scrubbed: ScrubbedCounts;
  /** The orders matches never reached, by what they count as (moved into #pending at each flush). */
  readonly #unread = { outbid: new DenseCounts(), same_buyer: new DenseCounts() };

  constructor(db: Db) {
    this.#scrubbed = new ScrubbedCounts(db);
    // Keyed by order id and outcome's index, so key order is (order, outcome).
    this.#pending = new PendingCounts<number, number>((n, more) => n + more, async (rows) => {
      await db.query(ADD, [rows.map(([k]) => Math.floor(k / KINDS)), rows.map(([k]) => OUTCOMES[k % KINDS]), rows.map(([, n]) => n)]);
    });
  }

  /** A decision's outcomes (or what happened after it) for a lead of `state` at `at`; a duplicate with its bid is also scrubbed. */
  add(outcomes: Decision['outcomes'] | Array<{ orderId: number; outcome: Outcome; bidCents: number | null }>, lead: { at: Date; state: string | null }): void {
    if (outcomes instanceof Map) for (const [orderId, o] of outcomes) this.#one(orderId, o.outcome, o.bidCents, lead);
    else for (const o of outcomes) this.#one(o.orderId, o.outcome, o.bidCents, lead);
  }

  /** The orders a match never reached, each counted as what `outcomeOf` its company says (outbid or same_buyer; no object per order). */
  addUnread(orders: { forEachUnread(each: (id: number, companyId: number) => void): void }, outcomeOf: (companyId: number) => 'outbid' | 'same_buyer'): void {
    orders.forEachUnread((id, companyId) => this.#unread[outcomeOf(companyId)].add(id));
  }

  /** One count, under a numeric key (order id and outcome's index): a ping adds a hundred. */
  #one(orderId: number, outcome: Outcome, bidCents: number | null, lead: { at: Date; state: string | null }): void {
    this.#pending.add(orderId * KINDS + OUTCOME_INDEX.get(outcome)!, 1);
    if (outcome === 'duplicate' && bidCents !== null) this.#scrubbed.add(orderId, bidCents, lead.at, lead.state);
  }

  /**
   * Add what is pending to the database: the scrubbed leads, then the counts (orders that no
   * longer exist are skipped by the statement, so only an outage fails a flush, and what
   * failed is kept for the next one).
   */
  async flush(): Promise<void> {
    for (const outcome of ['outbid', 'same_buyer'] as const) {
      this.#unread[outcome].drain((orderId, n) => this.#pending.add(orderId * KINDS + OUTCOME_INDEX.get(outcome)!, n));
    }
    await this.#scrubbed.write();
    await this.#pending.flush();
  }
}
