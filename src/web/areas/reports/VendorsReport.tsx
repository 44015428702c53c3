import { useApi } from '../../../api/context';
import { exportVendorReport } from '../../../api/reports/export-vendor-report';
import { useVendorReport, type VendorReportRow } from '../../../api/reports/get-vendor-report';
import { VENDOR_COLUMN_LABELS, VENDOR_SORTS, type VendorSort } from '../../../domain/reports/tables';
import { useReportTable } from './shared/report-table';
import { SortableReport } from './shared/SortableReport';
import { OUTCOME_CELLS } from './shared/cells';

/** Each column's cell, readable (shared/cells.ts). */
const CELL: Record<VendorSort, (r: VendorReportRow) => string> = {
  vendorDisplayName: (r) => r.vendorDisplayName,
  ...OUTCOME_CELLS,
};

/**
 * The Vendors report (document 002 sections 2, 3 and 9): one row per vendor of the leads
 * sold in the range, every column sortable (total descending first), 25 rows a page with
 * two pages either side, and the whole filter as a CSV.
 */
export default function VendorsReport() {
  const api = useApi();
  const t = useReportTable<VendorSort>({ by: 'total', order: 'desc' });
  const q = useVendorReport({ ...t.query, ...t.pageQuery });

  return (
    <SortableReport title="Vendors" stem="vendors" rowTestId="vendor-row" noun="vendors" table={t} query={q}
      exportCsv={() => exportVendorReport(api, t.query)} columns={VENDOR_SORTS} labels={VENDOR_COLUMN_LABELS} cells={CELL}
      rowKey={(r) => r.vendorId} loadFailed="The vendor report did not load"
      empty={{ title: 'No leads in this range', text: (d) => `No vendor sold leads matching these filters between ${d.dateFrom} and ${d.dateTo}.` }} />
  );
}
