import { stringify } from 'csv-stringify/sync';
import { guardCell } from '../../../domain/csv';
import { csvAmount } from '../../../domain/money/format';
import { AGENT_STATUS_COLUMN_LABELS, AGENT_STATUS_SORTS, type AgentStatusSort } from '../../../domain/reports/agent-status';
import { VERTICAL_LABELS } from '../../../domain/leads/filters';
import { rankingMetric, type RankingMetric } from '../../../domain/reports/rankings';
import { PACKAGE_COLUMN_LABELS, PACKAGE_SORTS, REPORT_PRODUCT_LABELS, csvPercent, type PackageSort } from '../../../domain/reports/tables';
import { RETURN_REASON_LABELS, type ReturnReason } from '../../../domain/returns/reasons';
import type { AgentStatusRow } from './agent-status';
import type { VolumePeriod } from './lead-volume';
import type { PackageReportRow } from './package-report';
import type { CallRankingRow, RankingRow } from './rankings';
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

/** The Lead Volume report's periods; the Calls column only when calls were read. */
export const leadVolumeCsv = (rows: readonly VolumePeriod[], withCalls: boolean): string =>
  csv(
    ['From', 'To', 'Leads', ...(withCalls ? ['Calls'] : []), 'Total', 'Spend ($)'],
    rows.map((r) => [r.from, r.to, r.leads, ...(withCalls ? [r.calls] : []), r.total, money(r.spend)]),
  );

const PACKAGE_CELLS: Record<PackageSort, (r: PackageReportRow) => string | number> = {
  name: (r) => r.name,
  vertical: (r) => VERTICAL_LABELS[r.vertical],
  product: (r) => REPORT_PRODUCT_LABELS[r.product],
  total: (r) => r.total,
  spend: (r) => money(r.spend),
  quoted: (r) => r.quoted,
  quoteRate: (r) => csvPercent(r.quoteRate),
  policies: (r) => r.policies,
  costPerQuote: (r) => money(r.costPerQuote),
  costPerPolicy: (r) => money(r.costPerPolicy),
  returnRate: (r) => csvPercent(r.returnRate),
};
const PACKAGE_UNITS: Partial<Record<PackageSort, string>> = {
  spend: ' ($)', quoteRate: ' (%)', costPerQuote: ' ($)', costPerPolicy: ' ($)', returnRate: ' (%)',
};

/** The Packages report's rows, in the table's columns. */
export const packageReportCsv = (rows: readonly PackageReportRow[]): string =>
  csv(
    PACKAGE_SORTS.map((c) => PACKAGE_COLUMN_LABELS[c] + (PACKAGE_UNITS[c] ?? '')),
    rows.map((r) => PACKAGE_SORTS.map((c) => PACKAGE_CELLS[c](r))),
  );

/** The agent rankings, the rank's header naming the figure it ranks by. */
export const rankingsCsv = (metric: RankingMetric, rows: readonly RankingRow[]): string =>
  csv(
    [`Rank (${rankingMetric(metric).label})`, 'Agent', 'Company', 'Leads Delivered', 'Quoted', 'Quote Rate (%)', 'Policies', 'Cost Per Quote ($)',
      'Cost Per Policy ($)', 'Return Rate (%)'],
    rows.map((r) => [r.rank, r.agentName, r.companyName, r.total, r.quoted, csvPercent(r.quoteRate), r.policies, money(r.costPerQuote),
      money(r.costPerPolicy), csvPercent(r.returnRate)]),
  );

export const callRankingsCsv = (rows: readonly CallRankingRow[]): string =>
  csv(
    ['Rank', 'Agent', 'Company', 'Calls', 'Spend ($)', 'Billable Seconds', 'Average Length (s)', 'Average Cost Per Call ($)', 'Returned', 'Return Rate (%)'],
    rows.map((r) => [r.rank, r.agentName, r.companyName, r.calls, money(r.spend), r.seconds, r.averageSeconds, money(r.costPerCall), r.returned,
      csvPercent(r.returnRate)]),
  );

const AGENT_STATUS_CELLS: Record<AgentStatusSort, (r: AgentStatusRow) => string | number> = {
  agentName: (r) => r.agentName,
  companyName: (r) => r.companyName,
  leads: (r) => r.leads,
  new: (r) => r.new,
  attempting: (r) => r.attempting,
  contacted: (r) => r.contacted,
  quoted: (r) => r.quoted,
  policy: (r) => r.policy,
  workedRate: (r) => csvPercent(r.workedRate),
};

/** The Agent Status report's rows, in the table's columns. */
export const agentStatusCsv = (rows: readonly AgentStatusRow[]): string =>
  csv(
    AGENT_STATUS_SORTS.map((c) => AGENT_STATUS_COLUMN_LABELS[c] + (c === 'workedRate' ? ' (%)' : '')),
    rows.map((r) => AGENT_STATUS_SORTS.map((c) => AGENT_STATUS_CELLS[c](r))),
  );
