import type { components } from '../../../api/schema';
import type { Queryable } from '../../db/db';
import { reportRollups, rollupWhere, type ReportFilter } from './filter';
import { OUTCOME_SUMS_SQL, outcomeFigures, type OutcomeSums } from './outcomes';

export type VendorReportRow = components['schemas']['VendorReportRow'];

/**
 * One row per vendor of the leads sold in the range (the rollup's cohort: their outcomes
 * and returns as they stand now), from the sales rollup only (reportRollups). Rows are few (one per
 * vendor), so the figures are worked out here by figures.ts and sorted by the caller.
 */
export async function vendorReport(q: Queryable, f: ReportFilter): Promise<VendorReportRow[]> {
  const w = rollupWhere(f);
  const { rows } = await q.query<OutcomeSums & { vendor_id: number; display_name: string }>(
    `SELECT l.vendor_id, v.display_name, ${OUTCOME_SUMS_SQL}
       FROM ${reportRollups(f.scope).sales} l JOIN vendors v ON v.id = l.vendor_id
      WHERE ${w.sql}
      GROUP BY l.vendor_id, v.display_name
     HAVING sum(l.sold) > 0`,
    w.params,
  );
  return rows.map((r) => ({ vendorId: r.vendor_id, vendorDisplayName: r.display_name, ...outcomeFigures(r) }));
}
