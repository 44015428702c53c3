import type { components } from '../../../api/schema';
import type { Queryable } from '../../db/db';
import { reportRollups, rollupWhere, type ReportFilter } from './filter';
import { OUTCOME_SUMS_SQL, outcomeFigures, type OutcomeSums } from './outcomes';

export type PackageReportRow = components['schemas']['PackageReportRow'];

/**
 * One row per package of the leads sold in the range (the rollup's cohort, as the vendor
 * report's), with its spend; the caller sorts.
 */
export async function packageReport(q: Queryable, f: ReportFilter): Promise<PackageReportRow[]> {
  const w = rollupWhere(f);
  const { rows } = await q.query<OutcomeSums & { id: number; name: string; vertical: 'autoins' | 'homeins'; product: 'leads' | 'calls' }>(
    `SELECT g.id, g.name, g.vertical, g.product, ${OUTCOME_SUMS_SQL}
       FROM ${reportRollups(f.scope).sales} l JOIN packages g ON g.id = l.package_id
      WHERE ${w.sql}
      GROUP BY g.id, g.name, g.vertical, g.product
     HAVING sum(l.sold) > 0`,
    w.params,
  );
  return rows.map((r) => ({ packageId: r.id, name: r.name, vertical: r.vertical, product: r.product, spend: r.spend, ...outcomeFigures(r) }));
}
