import type { components } from '../../../api/schema';
import type { Period } from '../../../domain/reports/dashboard';
import type { ReportProduct } from '../../../domain/reports/tables';
import { periodIndex } from '../../../domain/reports/volume';
import type { Queryable } from '../../db/db';
import { reportRollups, rollupWhere, type ReportFilter } from './filter';

type Schemas = components['schemas'];
export type VolumePeriod = Schemas['LeadVolumePeriod'];
export type VolumeOrder = Schemas['LeadVolumeOrder'];

/** The rollup's WHERE for the filter, narrowed to one order when one is named. */
function whereOf(f: ReportFilter, orderId: number | null = null) {
  const w = rollupWhere(f);
  if (orderId === null) return w;
  return { sql: `${w.sql} AND l.order_id = $${w.params.length + 1}`, params: [...w.params, orderId] };
}

/**
 * The Lead Volume report's periods: what was delivered (sold) each day of the range per
 * product, from the sales rollup (reportRollups) by the scope's (…, day) index, then summed into the
 * periods here (at most 90 days × 2 products of rows). Calls are null when not read.
 */
export async function leadVolume(
  q: Queryable, f: ReportFilter, orderId: number | null, periods: readonly Period[], products: readonly ReportProduct[],
): Promise<{ periods: VolumePeriod[]; totals: VolumePeriod }> {
  const w = whereOf(f, orderId);
  const { rows } = await q.query<{ day: string; product: string; sold: number; spend: number }>(
    `SELECT to_char(l.day, 'YYYY-MM-DD') AS day, l.product, sum(l.sold)::int AS sold, sum(l.spend_cents)::float8 AS spend
       FROM ${reportRollups(f.scope).sales} l
      WHERE ${w.sql}
      GROUP BY l.day, l.product`,
    w.params,
  );
  const calls = products.includes('calls') ? 0 : null;
  const out: VolumePeriod[] = periods.map((p) => ({ from: p.from, to: p.to, leads: 0, calls, total: 0, spend: 0 }));
  const totals: VolumePeriod = { from: f.range.from, to: f.range.to, leads: 0, calls, total: 0, spend: 0 };
  for (const r of rows) {
    const i = periodIndex(periods, r.day);
    if (i < 0) continue;
    for (const t of [out[i], totals]) {
      if (r.product === 'calls') t.calls = (t.calls ?? 0) + r.sold;
      else t.leads += r.sold;
      t.total += r.sold;
      t.spend += r.spend;
    }
  }
  return { periods: out, totals };
}

/**
 * The orders that delivered in the range within the filter's scope (the lead-volume
 * filter's choices), most delivered first, then by name and id.
 */
export async function volumeOrders(q: Queryable, f: ReportFilter): Promise<VolumeOrder[]> {
  const w = whereOf(f);
  const { rows } = await q.query<{ id: number; name: string; agent: string; vertical: 'autoins' | 'homeins'; product: 'leads' | 'calls'; sold: number; spend: number }>(
    `SELECT o.id, o.name, trim(u.first_name || ' ' || u.last_name) AS agent, o.vertical, o.product, s.sold, s.spend
       FROM (SELECT l.order_id, sum(l.sold)::int AS sold, sum(l.spend_cents)::float8 AS spend
               FROM ${reportRollups(f.scope).sales} l
              WHERE ${w.sql}
              GROUP BY l.order_id
             HAVING sum(l.sold) > 0) s
       JOIN orders o ON o.id = s.order_id JOIN users u ON u.id = o.user_id`,
    w.params,
  );
  return rows
    .map((r) => ({ orderId: r.id, name: r.name, agentName: r.agent, vertical: r.vertical, product: r.product, total: r.sold, spend: r.spend }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name) || a.orderId - b.orderId);
}
