import type { ApiClient } from '../client';
import type { RankingsQuery } from './get-rankings';
import { csvFile } from './query';

/** GET /reports/export (exportRankings): every agent of the filter, ranked, as rankings.csv. */
export const exportRankings = (api: ApiClient, query: Omit<RankingsQuery, 'limit' | 'skip'>, signal?: AbortSignal) =>
  csvFile(api.GET('/reports/export', { params: { query }, parseAs: 'blob', signal }), 'rankings.csv', 'Unable to export the rankings');
