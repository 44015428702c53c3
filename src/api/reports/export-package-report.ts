import type { ApiClient } from '../client';
import type { PackageReportQuery } from './get-package-report';
import { csvFile } from './query';

/** GET /reports/packages/lead-volume/export (exportPackageReport): every row of the filter as packages_report.csv. */
export const exportPackageReport = (api: ApiClient, query: Omit<PackageReportQuery, 'limit' | 'skip'>, signal?: AbortSignal) =>
  csvFile(api.GET('/reports/packages/lead-volume/export', { params: { query }, parseAs: 'blob', signal }), 'packages_report.csv', 'Unable to export the packages report');
