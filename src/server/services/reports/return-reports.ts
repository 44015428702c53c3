import type { components } from '../../../api/schema';
import { returnRate } from '../../../domain/reports/figures';
import type { ReturnRateGroup } from '../../../domain/reports/tables';
import type { Queryable } from '../../db/db';
import { reportRollups, rollupWhere, type ReportFilter } from './filter';

type Schemas = components['schemas'];
export type ReasonReport = Omit<Schemas['ReturnReasonReport'], 'dateFrom' | 'dateTo' | 'firstDay'>;
type ReasonRow = ReasonReport['reasons'][number];

/**
 * The return reasons: the returns asked in the range (the return-request rollup, by the
 * request's day) per reason, with the vendors behind them; and the leads sold in the
 * range (the sales rollup) for the average (reportRollups). Rows are (reason, vendor): a few hundred at most.
 */
export async function reasonReport(q: Queryable, f: ReportFilter): Promise<ReasonReport> {
  const w = rollupWhere(f);
  const rollups = reportRollups(f.scope);
  const [byVendor, sold] = await Promise.all([
    q.query<{ reason: string; name: string; n: number }>(
      `SELECT l.reason, v.display_name AS name, sum(l.n)::int AS n
         FROM ${rollups.requests} l JOIN vendors v ON v.id = l.vendor_id
        WHERE ${w.sql}
        GROUP BY l.reason, l.vendor_id, v.display_name
       HAVING sum(l.n) > 0`,
      w.params,
    ),
    q.query<{ sold: number }>(`SELECT coalesce(sum(l.sold), 0)::int AS sold FROM ${rollups.sales} l WHERE ${w.sql}`, w.params),
  ]);
  const returned = byVendor.rows.reduce((s, r) => s + r.n, 0);
  const reasons = new Map<string, ReasonRow>();
  for (const r of byVendor.rows) {
    const row = reasons.get(r.reason) ?? { reason: r.reason, returned: 0, share: 0, vendors: 0, topVendor: r.name, topVendorReturned: 0 };
    row.returned += r.n;
    row.vendors += 1;
    if (r.n > row.topVendorReturned || (r.n === row.topVendorReturned && r.name.localeCompare(row.topVendor) < 0)) {
      row.topVendor = r.name;
      row.topVendorReturned = r.n;
    }
    reasons.set(r.reason, row);
  }
  const total = sold.rows[0]?.sold ?? 0;
  return {
    stats: { total, returned, returnAvg: returnRate(returned, total, 0) },
    reasons: [...reasons.values()]
      .map((r) => ({ ...r, share: r.returned / returned }))
      .sort((a, b) => b.returned - a.returned || a.reason.localeCompare(b.reason)),
  };
}

export type ReturnRateRow = Schemas['ReturnRateRow'];

const GROUPS: Record<ReturnRateGroup, { key: string; join: string; name: string }> = {
  vendor: { key: 'l.vendor_id', join: 'JOIN vendors g ON g.id = l.vendor_id', name: 'g.display_name' },
  package: { key: 'l.package_id', join: 'JOIN packages g ON g.id = l.package_id', name: 'g.name' },
};

/**
 * The highest return rates: vendors (or packages) by the leads sold in the range that were
 * returned (the rollup's cohort), over those sold; only those that sold at least `minSold`.
 * Highest rate first, then most returned, then by name.
 */
export async function returnRates(q: Queryable, f: ReportFilter, by: ReturnRateGroup, minSold: number): Promise<ReturnRateRow[]> {
  const w = rollupWhere(f);
  const g = GROUPS[by];
  const { rows } = await q.query<{ id: number; name: string; sold: number; returned: number }>(
    `SELECT ${g.key} AS id, ${g.name} AS name, sum(l.sold)::int AS sold, sum(l.returned)::int AS returned
       FROM ${reportRollups(f.scope).sales} l ${g.join}
      WHERE ${w.sql}
      GROUP BY ${g.key}, ${g.name}
     HAVING sum(l.sold) >= $${w.params.length + 1}`,
    [...w.params, minSold],
  );
  return rows
    .map((r) => ({ id: r.id, name: r.name, total: r.sold, returned: r.returned, returnAvg: returnRate(r.returned, r.sold, 0)! }))
    .sort((a, b) => b.returnAvg - a.returnAvg || b.returned - a.returned || a.name.localeCompare(b.name));
}
