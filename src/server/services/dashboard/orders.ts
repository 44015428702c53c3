import type { Scope } from '../../../domain/access/scope';
import { MARKET_WINDOW_DAYS, type MarketSummary } from '../../../domain/orders/market';
import type { Product, Vertical } from '../../../domain/orders/types';
import type { Queryable } from '../../db/db';
import { scopeOf } from '../orders/market';
import { marketSince, PRICE_STEP_SQL, stateSalesSql } from '../orders/market-sales';
import { territoryOf, type OrderRow } from '../orders/store';
import { orderColumns, scopeWhere } from '../scope-sql';

/**
 * The dashboard's reads of orders: the active orders of a scope (a page of at most
 * `limit`, with the total), and each one's market over the last 30 days in its territory
 * (the cost estimate's territory: its state, or its enabled ZIP codes), in one statement
 * for all of them; a state's sales from the market rollup (orders/market-sales.ts).
 */

export interface DashboardOrderRow {
  id: number;
  name: string;
  vertical: Vertical;
  product: Product;
  package_id: number;
  max_bid_cents: number;
  custom_price_cents: number | null;
  cap_monthly: number;
  territory: OrderRow['territory'];
}

export async function activeOrders(q: Queryable, scope: Scope, limit: number): Promise<{ rows: DashboardOrderRow[]; total: number }> {
  const where = scopeWhere(scope, orderColumns('o'), 2);
  const { rows } = await q.query<DashboardOrderRow & { total: string }>(
    `SELECT o.id, o.name, o.vertical, o.product, o.package_id, o.max_bid_cents, o.custom_price_cents, o.cap_monthly, o.territory,
            count(*) OVER () AS total
       FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.status = 'active' AND o.deleted_at IS NULL AND ${where.sql}
      ORDER BY o.name, o.id LIMIT $1`,
    [limit, ...where.params],
  );
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows.length ? Number(rows[0].total) : 0 };
}

/**
 * Each order's sale prices in its territory over the window, in 25-cent steps (the
 * MarketSummary the cost estimate reads, without the marketplace's total). A state
 * territory reads the market rollup (and its first day leads_market_state_idx), a ZIP list
 * leads_market_zip_idx.
 */
export async function orderMarkets(q: Queryable, orders: readonly DashboardOrderRow[], now: Date): Promise<Map<number, MarketSummary>> {
  const byState: Array<[number, string, string, string]> = [];
  const byZip: Array<[number, string, string, string]> = [];
  for (const o of orders) {
    const s = scopeOf(territoryOf(o.territory));
    if (!s) continue;
    if ('state' in s) byState.push([o.id, o.vertical, o.product, s.state]);
    else for (const z of s.zips) byZip.push([o.id, o.vertical, o.product, z]);
  }
  const out = new Map<number, MarketSummary>(orders.map((o) => [o.id, { windowDays: MARKET_WINDOW_DAYS, sales: 0, national: 0, prices: [] }]));
  if (!byState.length && !byZip.length) return out;
  const cols = (a: typeof byState) => [a.map((x) => x[0]), a.map((x) => x[1]), a.map((x) => x[2]), a.map((x) => x[3])];
  const { rows } = await q.query<{ order_id: number; cents: number; n: number }>(
    `WITH s AS (SELECT * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS s(k, vertical, product, place)),
          z AS (SELECT * FROM unnest($6::int[], $7::text[], $8::text[], $9::text[]) AS z(order_id, vertical, product, place))
     SELECT x.order_id, x.cents, sum(x.n)::int AS n FROM (
       SELECT k AS order_id, cents, n FROM (${stateSalesSql('s', '$1')}) st
       UNION ALL
       SELECT z.order_id, ${PRICE_STEP_SQL('l')} AS cents, 1 AS n FROM z JOIN leads l
           ON l.vertical = z.vertical AND l.product = z.product AND l.zipcode = z.place AND l.inserted_at >= $1
     ) x GROUP BY 1, 2 ORDER BY 1, 2`,
    [marketSince(now), ...cols(byState), ...cols(byZip)],
  );
  for (const r of rows) {
    const m = out.get(r.order_id)!;
    m.prices.push([r.cents, r.n]);
    m.sales += r.n;
  }
  return out;
}
