import { statement, type Db } from '../../db/db';

const QUARTER_MS = 15 * 60_000;

/**
 * Added by quarter hour (UTC): every zone's offset is a whole number of quarter hours, so a
 * quarter hour lies in one day of any agent's zone, and the statement finds that day in
 * the agent's zone (users.timezone) as the lead rollups do (migration 020).
 */
const ADD = statement('engine_add_scrubbed',
  `INSERT INTO order_scrubbed_daily AS s (day, order_id, state, company_id, user_id, n, cost_cents)
   SELECT (x.at AT TIME ZONE u.timezone)::date, o.id, x.state, o.company_id, o.user_id, sum(x.n), sum(x.cost)
     FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::bigint[], $5::bigint[]) AS x(o, at, state, n, cost)
     JOIN orders o ON o.id = x.o JOIN users u ON u.id = o.user_id
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3
   ON CONFLICT (day, order_id, state) DO UPDATE SET n = s.n + EXCLUDED.n, cost_cents = s.cost_cents + EXCLUDED.cost_cents`, { quiet: true });

interface Pending { orderId: number; quarter: number; state: string; n: number; cost: number }

/**
 * The dashboard's scrubbed leads (order_scrubbed_daily): leads the duplicate rule kept from
 * an order, counted with the bid the order would have paid, summed in memory and written
 * with the breakdown's counts (MatchCounts' flush): no statement of its own per ping.
 */
export class ScrubbedCounts {
  #pending = new Map<string, Pending>();

  constructor(private readonly db: Db) {}

  add(orderId: number, bidCents: number, at: Date, state: string | null): void {
    const quarter = Math.floor(at.getTime() / QUARTER_MS);
    const k = `${orderId}:${quarter}:${state ?? ''}`;
    const p = this.#pending.get(k) ?? { orderId, quarter, state: state ?? '', n: 0, cost: 0 };
    p.n += 1;
    p.cost += bidCents;
    this.#pending.set(k, p);
  }

  /** Write what is pending; on failure it stays for the next flush. Called by MatchCounts' flush, one at a time. */
  async write(): Promise<void> {
    if (this.#pending.size === 0) return;
    const taken = this.#pending;
    this.#pending = new Map();
    const rows = [...taken.values()].sort((a, b) => a.orderId - b.orderId || a.quarter - b.quarter || (a.state < b.state ? -1 : 1));
    try {
      await this.db.query(ADD, [rows.map((r) => r.orderId), rows.map((r) => new Date(r.quarter * QUARTER_MS)), rows.map((r) => r.state),
        rows.map((r) => r.n), rows.map((r) => r.cost)]);
    } catch (e) {
      for (const [k, p] of taken) {
        const cur = this.#pending.get(k);
        this.#pending.set(k, cur ? { ...p, n: p.n + cur.n, cost: p.cost + cur.cost } : p);
      }
      throw e;
    }
  }
}
