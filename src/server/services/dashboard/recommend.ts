import { isoDay } from '../../../domain/clock';
import { evenSample, RECOMMEND, recommendOrders, type Demand, type RecommendedOrder } from '../../../domain/dashboard/recommended';
import { addDays } from '../../../domain/time/days';
import type { OrderPackage, Product, Vertical } from '../../../domain/orders/types';
import type { Queryable } from '../../db/db';
import { zipsInRadius } from '../geo';

/**
 * GET /recommend/orders: the demand a company misses around its territory. The area is
 * the ZIPs within 30 miles of its active orders' ZIP areas and of the agent's own ZIP,
 * and the states of its whole-state orders (order_areas, kept by the orders' trigger);
 * the pings come from the daily rollup (ping_day_counts), never from engine_pings, and
 * what the company bought there from the per-order rollup (order_rollup_daily): the sales
 * of its orders, active or not, whose territory lies in the area. Both stay a row per day
 * and place or order however many leads the book holds.
 */
export interface RecommendAsk {
  companyId: number;
  userZip: string | null;
  /** The packages the agent may order (the wizard's visible ones). */
  packages: readonly OrderPackage[];
  now: Date;
}

/** The area around the company's active orders and the agent's ZIP. */
async function areaOf(q: Queryable, companyId: number, userZip: string | null): Promise<{ zips: string[]; states: string[]; ordered: Set<number> }> {
  const { rows } = await q.query<{ area: string; package_id: number }>(
    `SELECT DISTINCT a.area, o.package_id FROM orders o JOIN order_areas a ON a.order_id = o.id
      WHERE o.company_id = $1 AND o.status = 'active' AND o.deleted_at IS NULL ORDER BY a.area`, [companyId]);
  const states = [...new Set(rows.filter((r) => r.area.length === 2).map((r) => r.area))];
  const centres = [...new Set(rows.filter((r) => r.area.length === 5).map((r) => r.area))];
  if (userZip && /^\d{5}/.test(userZip)) centres.unshift(userZip.slice(0, 5));
  const zips = new Set<string>();
  for (const c of evenSample(centres, RECOMMEND.maxCentres)) for (const z of zipsInRadius(c, RECOMMEND.radiusMiles) ?? []) zips.add(z.zip);
  return { zips: [...zips], states, ordered: new Set(rows.map((r) => r.package_id)) };
}

const PLACE = '(zipcode = ANY($2::text[]) OR state = ANY($3::text[]))';

export async function recommendedOrders(q: Queryable, a: RecommendAsk): Promise<RecommendedOrder[]> {
  const area = await areaOf(q, a.companyId, a.userZip);
  if (!area.zips.length && !area.states.length) return [];
  // The window is whole UTC days, today and the 29 before, as the rollup counts them.
  const sinceDay = addDays(isoDay(a.now), 1 - RECOMMEND.windowDays);
  const [seen, bought] = await Promise.all([
    q.query<{ vertical: Vertical; product: Product; pings: string; sold: string }>(
      `SELECT vertical, product, sum(pings) AS pings, sum(sold) AS sold FROM ping_day_counts
        WHERE day >= $1::date AND ${PLACE} GROUP BY 1, 2`, [sinceDay, area.zips, area.states]),
    q.query<{ vertical: Vertical; product: Product; n: string }>(
      `SELECT r.vertical, r.product, sum(r.sold) AS n FROM order_rollup_daily r
        WHERE r.company_id = $3 AND r.day >= $1::date
          AND r.order_id IN (SELECT a.order_id FROM order_areas a JOIN orders o ON o.id = a.order_id
                              WHERE o.company_id = $3 AND a.area = ANY($2::text[]))
        GROUP BY 1, 2`, [sinceDay, [...area.zips, ...area.states], a.companyId]),
  ]);
  const boughtOf = new Map(bought.rows.map((r) => [`${r.vertical}|${r.product}`, Number(r.n)]));
  const demand: Demand[] = seen.rows.map((r) => ({
    vertical: r.vertical, product: r.product, pings: Number(r.pings), sold: Number(r.sold), bought: boughtOf.get(`${r.vertical}|${r.product}`) ?? 0,
  }));
  return recommendOrders(demand, a.packages, area.ordered);
}
