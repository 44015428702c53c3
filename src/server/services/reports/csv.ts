import { stringify } from 'csv-stringify/sync';
import { guardCell } from '../../../domain/csv';
import { csvAmount } from '../../../domain/money/format';
import { csvPercent } from '../../../domain/reports/tables';
import { RETURN_REASON_LABELS, type ReturnReason } from '../../../domain/returns/reasons';
import type { ReasonReport, ReturnRateRow } from './return-reports';
import type { VendorReportRow } from './vendor-report';

/**
 * The reports' CSVs: a header and the rows, every cell guarded against formulas
 * (domain/csv.ts). Money in dollars and rates in percent, as a spreadsheet reads numbers.
 */
const csv = (header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string =>
  stringify([header, ...rows].map((r) => r.map(guardCell)));

const money = (cents: number | null): string => (cents === null ? '' : csvAmount(cents));

export const vendorReportCsv = (rows: readonly VendorReportRow[]): string =>
  csv(
    ['Vendor', 'Total', 'Quoted', 'Quote Rate (%)', 'Policies', 'Cost Per Quote ($)', 'Cost Per Policy ($)', 'Return Rate (%)'],
    rows.map((r) => [r.vendorDisplayName, r.total, r.quoted, csvPercent(r.quoteRate), r.policies, money(r.costPerQuote), money(r.costPerPolicy), csvPercent(r.returnRate)]),
  );

export const reasonLabel = (reason: string): string => RETURN_REASON_LABELS[reason as ReturnReason] ?? reason;

export const returnReasonsCsv = (report: ReasonReport): string =>
  csv(
    ['Reason', 'Returned', 'Share (%)', 'Vendors', 'Top Vendor', 'Top Vendor Returned'],
    report.reasons.map((r) => [reasonLabel(r.reason), r.returned, csvPercent(r.share), r.vendors, r.topVendor, r.topVendorReturned]),
  );

export const returnRatesCsv = (by: 'vendor' | 'package', rows: readonly ReturnRateRow[]): string =>
  csv(
    [by === 'vendor' ? 'Vendor' : 'Package', 'Total', 'Returned', 'Return Rate (%)'],
    rows.map((r) => [r.name, r.total, r.returned, csvPercent(r.returnAvg)]),
  );
