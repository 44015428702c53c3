import { statement, type Db } from '../../db/db';
import { PendingCounts } from './pending-counts';

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

interface Scrubbed { orderId: number; quarter: number; state: string; n: number; cost: number }

/**
 * The dashboard's scrubbed leads (order_scrubbed_daily): leads the duplicate rule kept from
 * an order, counted with the bid the order would have paid, summed in memory and written
 * with the breakdown's counts (MatchCounts' flush): no statement of its own per ping.
 */
export class ScrubbedCounts {
  readonly #pending: PendingCounts<string, Scrubbed>;

  constructor(db: Db) {
    this.#pending = new PendingCounts<string, Scrubbed>(
      (row, more) => ({ ...row, n: row.n + more.n, cost: row.cost + more.cost }),
      async (rows) => {
        const r = rows.map(([, v]) => v);
        await db.query(ADD, [r.map((x) => x.orderId), r.map((x) => new Date(x.quarter * QUARTER_MS)), r.map((x) => x.state), r.map((x) => x.n), r.map((x) => x.cost)]);
      },
    );
  }

  add(orderId: number, bidCents: number, at: Date, state: string | null): void {
    const quarter = Math.floor(at.getTime() / QUARTER_MS);
    this.#pending.add(`${orderId}:${quarter}:${state ?? ''}`, { orderId, quarter, state: state ?? '', n: 1, cost: bidCents });
  }

  /** Write what is pending; on failure it stays for the next flush. */
  write(): Promise<void> {
    return this.#pending.flush();
  }
}
