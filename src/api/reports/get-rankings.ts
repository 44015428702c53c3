import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import type { operations } from '../schema';
import { unwrap } from '../errors';
import { reportKeys } from './keys';

export type RankingsQuery = NonNullable<operations['getRankings']['parameters']['query']>;
export type RankingRow = components['schemas']['RankingRow'];

/** GET /reports (getRankings): a page of the agent rankings by one figure, and its top ten (no dates: the last 90 days). */
export const getRankings = (api: ApiClient, query: RankingsQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports', { params: { query }, signal }), 'Unable to load the rankings');

export const rankingsQueryOptions = (api: ApiClient, as: ActingAs, query: RankingsQuery) =>
  queryOptions({ queryKey: reportKeys.rankings(as, query), queryFn: ({ signal }) => getRankings(api, query, signal), placeholderData: keepPreviousData });

export function useRankings(query: RankingsQuery) {
  return useQuery(rankingsQueryOptions(useApi(), useActingAs(), query));
}
