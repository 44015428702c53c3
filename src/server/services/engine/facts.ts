import { CALL_HOLD_SECONDS, pingCode } from '../../../domain/engine';
import { Coalesced } from '../../db/coalesced';
import { arrayLiteral, statement, type Queryable } from '../../db/db';
import { currentSalesJoin } from './sale-counts';

/**
 * What the engine reads of the orders a lead may go to, in one statement: the order, its
 * package, its agent's time zone, whether it buys from the vendor, its sales in the
 * agent's current day, week and month and the company's leads this hour (from the
 * counters the sale's own transaction keeps, migration 030: a few index rows whatever
 * the history), the company's hourly cap,
 * and what the company has available (balance above its floor). Two reads: everything
 * by order ids (the sale's re-check under row locks), and only what moves for the ping
 * path's shortlist (the rest is in the order book, book.ts).
 */
export interface OrderFactsRow {
  id: number;
  company_id: number;
  user_id: number;
  package_id: number;
  name: string;
  active: boolean;
  cap_daily: number;
  cap_weekly: number;
  cap_monthly: number;
  max_bid_cents: number;
  custom_price_cents: number | null;
  schedule: Record<string, number[]>;
  filters: Record<string, unknown>;
  max_concurrent_calls: number | null;
  order_group_id: number | null;
  waiting_since: number;
  timezone: string;
  cost_cents: number;
  max_buyers: number;
  vendor_ok: boolean;
  hourly_lead_cap: number | null;
  available: number;
  recharges: boolean;
  used_day: number;
  used_week: number;
  used_month: number;
  used_hour: number;
}

/** What moves with every sale: the tie-break, the balance, the counts against the caps (`hour`: the current hour's start). */
const movingColumns = (hour: string) => `o.id,
    (extract(epoch FROM coalesce(o.last_sold_at, o.created_at)) * 1000)::float8 AS waiting_since,
    coalesce((b.balance_cents - b.floor_cents)::float8, 0) AS available,
    coalesce((SELECT rs.active AND rs.billing_type = 'ct' FROM recharge_settings rs WHERE rs.company_id = o.company_id), false) AS recharges,
    coalesce(n.d, 0)::int AS used_day, coalesce(n.w, 0)::int AS used_week, coalesce(n.m, 0)::int AS used_month,
    CASE WHEN c.hourly_lead_cap IS NULL OR o.status <> 'active' THEN 0
         ELSE (SELECT coalesce(sum(h.leads), 0) FROM company_hour_counts h WHERE h.company_id = o.company_id AND h.hour_start = ${hour})::int END AS used_hour`;
// An order of a CLD growth package buys with its company's growth funds, any other with its balance.
const movingJoins = (now: string) => `LEFT JOIN ledger_accounts la ON la.kind = CASE WHEN p.cld_growth THEN 'company_growth' ELSE 'company_balance' END
    AND la.company_id = o.company_id
  LEFT JOIN ledger_balances b ON b.account_id = la.id
  ${currentSalesJoin(now, "o.status = 'active'")}`;

const COLUMNS = `${movingColumns('$3')}, o.company_id, o.user_id, o.package_id, o.name, o.status = 'active' AS active,
    o.cap_daily, o.cap_weekly, o.cap_monthly, o.max_bid_cents, o.custom_price_cents, o.schedule, o.filters,
    o.max_concurrent_calls, o.order_group_id, u.timezone, p.cost_cents, p.max_buyers,
    ov.order_id IS NOT NULL AS vendor_ok, c.hourly_lead_cap
  FROM cand JOIN orders o ON o.id = cand.id
  JOIN users u ON u.id = o.user_id
  JOIN packages p ON p.id = o.package_id
  JOIN companies c ON c.id = o.company_id
  LEFT JOIN order_vendors ov ON ov.order_id = o.id AND ov.vendor_id = $1
  ${movingJoins('$2')}`;

const BY_ID = statement('engine_facts_by_id',
  `WITH cand AS MATERIALIZED (SELECT DISTINCT unnest($4::int[]) AS id)
   SELECT ${COLUMNS} WHERE o.deleted_at IS NULL`);

/**
 * The ping path's read: the moving facts of the shortlisted orders, with their package's
 * price and buyers and their company's hourly cap (facts of many orders at once, read
 * here so that changing them never reloads the book), and the order book's version in
 * the same snapshot (a row with null facts when nothing is shortlisted). One statement
 * answers many matches (`req`: the match's place in the batch; $3 and $4 each match's instant and hour, once).
 */
const MOVING = statement('engine_moving_facts',
  `WITH ver AS (SELECT v FROM engine_book_version)
   SELECT ver.v::text AS version, f.* FROM ver LEFT JOIN LATERAL (
     SELECT cand.req, ${movingColumns('cand.hr')}, p.cost_cents, p.max_buyers, c.hourly_lead_cap
       FROM (SELECT x.req, x.id, ($3::timestamptz[])[x.req + 1] AS at, ($4::timestamptz[])[x.req + 1] AS hr
               FROM unnest($1::int[], $2::int[]) AS x(req, id)) AS cand JOIN orders o ON o.id = cand.id
       JOIN users u ON u.id = o.user_id
       JOIN companies c ON c.id = o.company_id
       JOIN packages p ON p.id = o.package_id
       ${movingJoins('cand.at')}
   ) f ON true`, { quiet: true });

/** What the ping path reads of an order on each match (the rest is in the order book). */
export type MovingRow = Pick<OrderFactsRow, 'id' | 'waiting_since' | 'available' | 'recharges' | 'used_day' | 'used_week' | 'used_month' | 'used_hour'
  | 'cost_cents' | 'max_buyers' | 'hourly_lead_cap'>;

export interface MovingAsk {
  now: Date;
  /** The start of `now`'s hour (the company's hourly count). */
  hour: Date;
  orderIds: number[];
}
export interface MovingFacts {
  /** The order book's version in the read's snapshot. */
  version: string;
  rows: MovingRow[];
}

/** The moving facts of many matches' shortlists in one statement, one answer per ask. */
export async function movingFacts(q: Queryable, asks: MovingAsk[]): Promise<MovingFacts[]> {
  // Each order with its match's place in the batch; each match's instant and hour once.
  const req: number[] = [], ids: number[] = [];
  asks.forEach((a, i) => {
    for (const id of a.orderIds) {
      req.push(i);
      ids.push(id);
    }
  });
  const at = asks.map((a) => a.now.toISOString()), hr = asks.map((a) => a.hour.toISOString());
  const { rows } = await q.query<MovingRow & { version: string; id: number | null; req: number | null }>(MOVING,
    [arrayLiteral(req), arrayLiteral(ids), arrayLiteral(at), arrayLiteral(hr)]);
  const answers: MovingFacts[] = asks.map(() => ({ version: rows[0].version, rows: [] }));
  for (const { req: i, version: _v, ...r } of rows) if (i !== null) answers[i].rows.push(r as MovingRow);
  return answers;
}

/** Matches per moving-facts statement at most (about 13 orders each: a few thousand rows). */
const MATCHES_PER_READ = 200;

/** Matches made at once share their moving-facts statements (db/coalesced.ts). */
export class MovingReads {
  readonly #reads: Coalesced<MovingAsk, MovingFacts>;

  constructor(db: Queryable) {
    this.#reads = new Coalesced((asks) => movingFacts(db, asks), MATCHES_PER_READ);
  }

  read(ask: MovingAsk): Promise<MovingFacts> {
    return this.#reads.ask(ask);
  }
}

export async function factsById(q: Queryable, a: { vendorId: number; now: Date; hour: Date; orderIds: number[] }): Promise<OrderFactsRow[]> {
  return (await q.query<OrderFactsRow>(BY_ID, [a.vendorId, a.now, a.hour, a.orderIds])).rows;
}

/** Companies among these that bought this phone or email since `since` (the duplicate rule). */
const DUPLICATES = statement('engine_duplicates',
  `SELECT DISTINCT l.company_id FROM leads l
    WHERE l.company_id = ANY($1::int[]) AND l.inserted_at >= $4
      AND (l.phone = $2 OR ($3::text IS NOT NULL AND lower(l.email) = lower($3::text)))`);

export async function duplicateBuyers(q: Queryable, companyIds: number[], phone: string, email: string | null, since: Date): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set();
  const { rows } = await q.query<{ company_id: number }>(DUPLICATES, [companyIds, phone, email, since]);
  return new Set(rows.map((r) => r.company_id));
}

/** Live calls (and held call reservations) of orders, their groups and companies. */
export interface CallLoadRow {
  id: number;
  order_live: number;
  group_max: number | null;
  group_live: number;
  company_live: number;
}
const LIVE = `k.status IN ('pending-connection','in-progress')`;
// A hold expires CALL_HOLD_SECONDS after its row was made: the bound on created_at reads
// the last day's partition or two of engine_pings only (migration 033).
const HELD = `e.kind = '${pingCode('kind', 'call')}' AND e.status = '${pingCode('status', 'open')}' AND e.expires_at > $2 AND e.created_at >= $3 AND e.created_at <= $2`;
const CALL_LOAD = statement('engine_call_load',
  `SELECT o.id,
     ((SELECT count(*) FROM calls k WHERE k.company_id = o.company_id AND k.order_id = o.id AND ${LIVE})
      + (SELECT count(*) FROM engine_pings e WHERE e.order_id = o.id AND ${HELD}))::int AS order_live,
     g.concurrency AS group_max,
     CASE WHEN g.concurrency IS NULL THEN 0 ELSE
       ((SELECT count(*) FROM calls k JOIN orders og ON og.id = k.order_id WHERE og.order_group_id = g.id AND k.company_id = o.company_id AND ${LIVE})
        + (SELECT count(*) FROM engine_pings e JOIN orders og ON og.id = e.order_id WHERE og.order_group_id = g.id AND ${HELD}))::int END AS group_live,
     ((SELECT count(*) FROM calls k WHERE k.company_id = o.company_id AND ${LIVE})
      + (SELECT count(*) FROM engine_pings e JOIN orders oc ON oc.id = e.order_id WHERE oc.company_id = o.company_id AND ${HELD}))::int AS company_live
   FROM orders o LEFT JOIN order_groups g ON g.id = o.order_group_id AND g.deleted_at IS NULL
   WHERE o.id = ANY($1::int[])`);

export async function callLoad(q: Queryable, orderIds: number[], now: Date): Promise<Map<number, CallLoadRow>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await q.query<CallLoadRow>(CALL_LOAD, [orderIds, now, new Date(now.getTime() - CALL_HOLD_SECONDS * 1000)]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The company's concurrency limits per half hour (a row per set slot). */
const CONCURRENCY = statement('engine_company_concurrency',
  'SELECT company_id, day, slot, max_calls FROM company_concurrency WHERE company_id = ANY($1::int[])');
export async function concurrencyLimits(q: Queryable, companyIds: number[]): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const { rows } = await q.query<{ company_id: number; day: number; slot: number; max_calls: number }>(CONCURRENCY, [companyIds]);
  return new Map(rows.map((r) => [`${r.company_id}:${r.day}:${r.slot}`, r.max_calls]));
}
