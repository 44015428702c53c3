import { useApi } from '../../../api/context';
import { exportPackageReport } from '../../../api/reports/export-package-report';
import { usePackageReport, type PackageReportRow } from '../../../api/reports/get-package-report';
import { VERTICAL_LABELS } from '../../../domain/leads/filters';
import { dollars } from '../../../domain/money/format';
import { PACKAGE_COLUMN_LABELS, PACKAGE_SORTS, REPORT_PRODUCT_LABELS, type PackageSort } from '../../../domain/reports/tables';
import { useReportTable } from './shared/report-table';
import { SortableReport } from './shared/SortableReport';
import { OUTCOME_CELLS } from './shared/cells';

/** Each column's cell, readable (shared/cells.ts). */
const CELL: Record<PackageSort, (r: PackageReportRow) => string> = {
  name: (r) => r.name,
  vertical: (r) => VERTICAL_LABELS[r.vertical],
  product: (r) => REPORT_PRODUCT_LABELS[r.product],
  spend: (r) => dollars(r.spend),
  ...OUTCOME_CELLS,
};

/**
 * The Packages report (document 002 sections 2 and 7): one row per package of the leads
 * sold in the range, with what they cost and how they quoted, bound and were returned;
 * every column sortable (total descending first), 25 rows a page, the whole filter as a CSV.
 */
export default function PackagesReport() {
  const api = useApi();
  const t = useReportTable<PackageSort>({ by: 'total', order: 'desc' });
  const q = usePackageReport({ ...t.query, ...t.pageQuery });

  return (
    <SortableReport title="Packages" stem="packages" rowTestId="package-row" noun="packages" table={t} query={q}
      exportCsv={() => exportPackageReport(api, t.query)} columns={PACKAGE_SORTS} labels={PACKAGE_COLUMN_LABELS} cells={CELL}
      rowKey={(r) => r.packageId} loadFailed="The packages report did not load"
      empty={{ title: 'No leads in this range', text: (d) => `No package sold leads matching these filters between ${d.dateFrom} and ${d.dateTo}.` }} />
  );
}
