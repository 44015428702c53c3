import { MARKET_WINDOW_DAYS, RECENT_SALES_SHOWN, type MarketSummary, type VendorSales } from '../../../domain/orders/market';
import type { OrderTerritory, Product, Vertical } from '../../../domain/orders/types';
import type { Queryable } from '../../db/db';
import { marketSince, NATIONAL_SALES_SQL, PRICE_STEP_SQL, stateSalesSql } from './market-sales';

/**
 * The market's reads for the wizard: sales of the last 30 days in a territory (the cost
 * estimate, the bidding context, the vendor optimizer) and the other buyers' bids on it.
 * A territory is a state, or a list of ZIP codes: the queries use leads_market_state_idx
 * or leads_market_zip_idx (migration 008), both (vertical, product, place, inserted_at);
 * a state's sales and the national count read the market rollup (market-sales.ts).
 */

/** Where sales are counted: a whole state, or ZIP codes. */
export type MarketScope = { state: string } | { zips: string[] };

/** A territory's scope: its state for a state territory, else its enabled ZIP codes; null when it has none. */
export function scopeOf(t: Pick<OrderTerritory, 'geoType' | 'state' | 'zips'>): MarketScope | null {
  if (t.geoType === 'state' && t.state) return { state: t.state };
  const zips = [...new Set(t.zips.filter((z) => z.enabled).map((z) => z.id))];
  return zips.length ? { zips } : null;
}

export interface MarketQuery {
  vertical: Vertical;
  product: Product;
  now: Date;
}

const since = marketSince;

/** The WHERE clause of a scope over leads (parameters from $4 on). */
function placeOf(scope: MarketScope): { sql: string; param: unknown } {
  return 'state' in scope ? { sql: 'state = $4', param: scope.state } : { sql: 'zipcode = ANY($4::text[])', param: scope.zips };
}

/**
 * The SQL of the territory's sale prices, in 25-cent steps (exported for the EXPLAIN plans
 * of docs/areas/orders.md): a state's from the market rollup (market-sales.ts), ZIP codes'
 * from the lead table (a few ZIPs' sales; the rollup has no ZIP).
 */
export const PRICES_SQL = (scope: MarketScope) => ('state' in scope
  ? `SELECT x.cents, sum(x.n)::int AS n FROM (${stateSalesSql('(SELECT 0 AS k, $1::text AS vertical, $2::text AS product, $4::text AS place)', '$3')}) x
      GROUP BY 1 ORDER BY 1`
  : `SELECT ${PRICE_STEP_SQL('l')} AS cents, count(*)::int AS n
       FROM leads l
      WHERE l.vertical = $1 AND l.product = $2 AND l.inserted_at >= $3 AND l.zipcode = ANY($4::text[])
      GROUP BY 1 ORDER BY 1`);

/** Sales in a scope over the window, and the marketplace's for the same vertical and product. */
export async function marketSummary(q: Queryable, m: MarketQuery, scope: MarketScope | null): Promise<MarketSummary> {
  const from = since(m.now);
  const [prices, national] = await Promise.all([
    scope
      ? q.query<{ cents: number; n: number }>(PRICES_SQL(scope), [m.vertical, m.product, from, placeOf(scope).param])
      : Promise.resolve({ rows: [] as Array<{ cents: number; n: number }> }),
    q.query<{ n: string }>(NATIONAL_SALES_SQL, [m.vertical, m.product, from]),
  ]);
  return {
    windowDays: MARKET_WINDOW_DAYS,
    sales: prices.rows.reduce((s, r) => s + r.n, 0),
    national: Number(national.rows[0]?.n ?? 0),
    prices: prices.rows.map((r) => [r.cents, r.n]),
  };
}

/** The latest sales in a scope: their day and price only, never the buyer or the lead. */
export async function recentSales(q: Queryable, m: MarketQuery, scope: MarketScope): Promise<Array<{ soldOn: string; priceCents: number }>> {
  const { rows } = await q.query<{ at: Date; price: number }>(
    `SELECT inserted_at AS at, price_cents AS price FROM leads
      WHERE vertical = $1 AND product = $2 AND inserted_at >= $3 AND ${placeOf(scope).sql}
      ORDER BY inserted_at DESC LIMIT ${RECENT_SALES_SHOWN}`,
    [m.vertical, m.product, since(m.now), placeOf(scope).param],
  );
  return rows.map((r) => ({ soldOn: new Date(r.at).toISOString().slice(0, 10), priceCents: r.price }));
}

/**
 * The maximum bids of other companies' active orders of this vertical and product whose
 * territory covers one of these states (a state order) or one of these ZIP codes. Only
 * the amounts leave this function.
 */
export async function competingBids(
  q: Queryable, m: Pick<MarketQuery, 'vertical' | 'product'>, area: { states: string[]; zips: string[] }, exceptCompany: number | null,
): Promise<number[]> {
  const { rows } = await q.query<{ bid: number }>(
    `SELECT o.max_bid_cents AS bid FROM orders o
      WHERE o.status = 'active' AND o.deleted_at IS NULL AND o.vertical = $1 AND o.product = $2
        AND o.company_id IS DISTINCT FROM $3
        AND ((o.territory ->> 'geoType' = 'state' AND o.territory ->> 'state' = ANY($4::text[]))
          OR EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.territory -> 'zips') = 'array' THEN o.territory -> 'zips' ELSE '[]'::jsonb END) z
                      WHERE (CASE WHEN jsonb_typeof(z) = 'string' THEN z #>> '{}'
                                  WHEN (z ->> 'enabled')::boolean THEN z ->> 'id' END) = ANY($5::text[])))`,
    [m.vertical, m.product, exceptCompany, area.states, area.zips],
  );
  return rows.map((r) => r.bid);
}

/** Each vendor's sales, returns and conversions over the window, in a scope or (scope null) the whole marketplace. */
export async function vendorSales(q: Queryable, m: MarketQuery, scope: MarketScope | null, vendorIds: readonly number[]): Promise<Map<number, VendorSales>> {
  const place = scope ? placeOf(scope) : null;
  const { rows } = await q.query<VendorSales>(
    `SELECT vendor_id AS "vendorId", count(*)::int AS sold,
            count(*) FILTER (WHERE return_status = 'return_approved')::int AS returned,
            count(*) FILTER (WHERE quoted OR policy)::int AS converted
       FROM leads
      WHERE vertical = $1 AND product = $2 AND inserted_at >= $3 AND ${place ? place.sql : 'true'} AND vendor_id = ANY($${place ? 5 : 4}::int[])
      GROUP BY vendor_id`,
    place ? [m.vertical, m.product, since(m.now), place.param, vendorIds] : [m.vertical, m.product, since(m.now), vendorIds],
  );
  return new Map(rows.map((r) => [r.vendorId, r]));
}
