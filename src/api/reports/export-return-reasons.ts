import type { ApiClient } from '../client';
import { csvFile, type ReportQuery } from './query';

/** GET /reports/returns/reasons/export (exportReturnReasons): the reasons of the filter as return_reasons.csv. */
export const exportReturnReasons = (api: ApiClient, query: Pick<ReportQuery, 'dateFrom' | 'dateTo' | 'product' | 'vertical' | 'company'>, signal?: AbortSignal) =>
  csvFile(api.GET('/reports/returns/reasons/export', { params: { query }, parseAs: 'blob', signal }), 'return_reasons.csv', 'Unable to export the return reasons');
