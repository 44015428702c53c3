import type { ApiClient } from '../client';
import { csvFile, type ReportQuery } from './query';

/** GET /reports/returns/export (exportReturnRates): the whole ranking as return_rates.csv. */
export const exportReturnRates = (api: ApiClient, query: Omit<ReportQuery, 'sort' | 'order' | 'limit' | 'skip'>, signal?: AbortSignal) =>
  csvFile(api.GET('/reports/returns/export', { params: { query }, parseAs: 'blob', signal }), 'return_rates.csv', 'Unable to export the return rates');
