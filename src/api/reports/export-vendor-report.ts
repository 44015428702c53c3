import type { ApiClient } from '../client';
import { csvFile, type ReportQuery } from './query';

/** GET /reports/vendor/ratings/export (exportVendorReport): every row of the filter as vendor_report.csv. */
export const exportVendorReport = (api: ApiClient, query: Omit<ReportQuery, 'by' | 'limit' | 'skip'>, signal?: AbortSignal) =>
  csvFile(api.GET('/reports/vendor/ratings/export', { params: { query }, parseAs: 'blob', signal }), 'vendor_report.csv', 'Unable to export the vendor report');
