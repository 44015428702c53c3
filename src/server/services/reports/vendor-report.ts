import { costPerPolicyCents, costPerQuoteCents, quoteRate, returnRate } from '../../../domain/reports/figures';
import type { components } from '../../../api/schema';
import type { Queryable } from '../../db/db';
import { rollupWhere, type ReportFilter } from './filter';

export type VendorReportRow = components['schemas']['VendorReportRow'];

interface Raw {
  vendor_id: number;
  display_name: string;
  sold: number;
  quoted: number;
  policy: number;
  spend: number;
  refunds: number;
  returned: number;
}

/**
 * One row per vendor of the leads sold in the range (the rollup's cohort: their outcomes
 * and returns as they stand now), from lead_rollup_daily only. Rows are few (one per
 * vendor), so the figures are worked out here by figures.ts and sorted by the caller.
 */
export async function vendorReport(q: Queryable, f: ReportFilter): Promise<VendorReportRow[]> {
  const w = rollupWhere(f);
  const { rows } = await q.query<Raw>(
    `SELECT l.vendor_id, v.display_name, sum(l.sold)::int AS sold, sum(l.quoted)::int AS quoted, sum(l.policy)::int AS policy,
            sum(l.spend_cents)::float8 AS spend, sum(l.refund_cents)::float8 AS refunds, sum(l.returned)::int AS returned
       FROM lead_rollup_daily l JOIN vendors v ON v.id = l.vendor_id
      WHERE ${w.sql}
      GROUP BY l.vendor_id, v.display_name
     HAVING sum(l.sold) > 0`,
    w.params,
  );
  return rows.map((r) => ({
    vendorId: r.vendor_id,
    vendorDisplayName: r.display_name,
    total: r.sold,
    quoted: r.quoted,
    quoteRate: quoteRate(r.quoted, r.sold),
    policies: r.policy,
    costPerQuote: costPerQuoteCents(r.spend, r.refunds, r.quoted),
    costPerPolicy: costPerPolicyCents(r.spend, r.refunds, r.policy),
    // The cohort's returns over the cohort: a fraction of the leads sold (returns asked whenever).
    returnRate: returnRate(r.returned, r.sold, 0),
  }));
}
