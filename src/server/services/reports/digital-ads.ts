import type { components } from '../../../api/schema';
import { costPerPolicyCents, costPerQuoteCents, quoteRate } from '../../../domain/reports/figures';
import { addDays } from '../../../domain/time/days';
import type { Queryable } from '../../db/db';
import { reportRollups, rollupWhere, type ReportFilter } from './filter';

type Schemas = components['schemas'];
export type DigitalAdsReport = Pick<Schemas['DigitalAdsReport'], 'totals' | 'days' | 'vendors'>;
type Figures = Schemas['DigitalAdsFigures'];

interface Sums {
  sold: number;
  spend: number;
  quoted: number;
  policy: number;
}

const figuresOf = (s: Sums): Figures => ({
  leads: s.sold,
  spend: s.spend,
  quoted: s.quoted,
  quoteRate: quoteRate(s.quoted, s.sold),
  policies: s.policy,
  // Digital ads cannot be returned (document 002 section 5): nothing is refunded.
  costPerQuote: costPerQuoteCents(s.spend, 0, s.quoted),
  costPerPolicy: costPerPolicyCents(s.spend, 0, s.policy),
});
const add = (a: Sums, b: Sums): Sums => ({ sold: a.sold + b.sold, spend: a.spend + b.spend, quoted: a.quoted + b.quoted, policy: a.policy + b.policy });
const ZERO: Sums = { sold: 0, spend: 0, quoted: 0, policy: 0 };

/**
 * The leads a company bought from digital-ads vendors (vendors.digital_ads) in the range,
 * from the sales rollup (reportRollups): every day of the range (none left out, for the chart), each
 * vendor, and the whole, with the vendor report's figures but returns (digital ads are
 * never returned).
 */
export async function digitalAdsReport(q: Queryable, f: ReportFilter): Promise<DigitalAdsReport> {
  const w = rollupWhere(f);
  const { rows } = await q.query<Sums & { day: string; vendor_id: number; display_name: string }>(
    `SELECT to_char(l.day, 'YYYY-MM-DD') AS day, l.vendor_id, v.display_name, sum(l.sold)::int AS sold, sum(l.spend_cents)::float8 AS spend,
            sum(l.quoted)::int AS quoted, sum(l.policy)::int AS policy
       FROM ${reportRollups(f.scope).sales} l JOIN vendors v ON v.id = l.vendor_id AND v.digital_ads
      WHERE ${w.sql}
      GROUP BY l.day, l.vendor_id, v.display_name
     HAVING sum(l.sold) > 0`,
    w.params,
  );
  const byDay = new Map<string, Sums>();
  const byVendor = new Map<number, { name: string; sums: Sums }>();
  for (const r of rows) {
    byDay.set(r.day, add(byDay.get(r.day) ?? ZERO, r));
    const v = byVendor.get(r.vendor_id);
    byVendor.set(r.vendor_id, { name: r.display_name, sums: add(v?.sums ?? ZERO, r) });
  }
  const days: DigitalAdsReport['days'] = [];
  for (let d = f.range.from; d <= f.range.to; d = addDays(d, 1)) {
    const s = byDay.get(d) ?? ZERO;
    days.push({ day: d, leads: s.sold, spend: s.spend });
  }
  return {
    totals: figuresOf(rows.reduce<Sums>(add, ZERO)),
    days,
    vendors: [...byVendor].map(([id, v]) => ({ vendorId: id, vendorDisplayName: v.name, ...figuresOf(v.sums) }))
      .sort((a, b) => b.leads - a.leads || a.vendorDisplayName.localeCompare(b.vendorDisplayName)),
  };
}
