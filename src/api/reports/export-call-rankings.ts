import type { ApiClient } from '../client';
import type { CallRankingsQuery } from './get-call-rankings';
import { csvFile } from './query';

/** GET /reports/calls/export (exportCallRankings): every agent of the filter, by calls bought, as call_rankings.csv. */
export const exportCallRankings = (api: ApiClient, query: Omit<CallRankingsQuery, 'limit' | 'skip'>, signal?: AbortSignal) =>
  csvFile(api.GET('/reports/calls/export', { params: { query }, parseAs: 'blob', signal }), 'call_rankings.csv', 'Unable to export the call rankings');
