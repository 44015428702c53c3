import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import type { operations } from '../schema';
import { unwrap } from '../errors';
import { reportKeys } from './keys';

export type CallRankingsQuery = NonNullable<operations['getCallRankings']['parameters']['query']>;
export type CallRankingRow = components['schemas']['CallRankingRow'];

/** GET /reports/calls (getCallRankings): a page of the call rankings (agents by calls bought), and its top ten. */
export const getCallRankings = (api: ApiClient, query: CallRankingsQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/calls', { params: { query }, signal }), 'Unable to load the call rankings');

export const callRankingsQueryOptions = (api: ApiClient, as: ActingAs, query: CallRankingsQuery) =>
  queryOptions({ queryKey: reportKeys.callRankings(as, query), queryFn: ({ signal }) => getCallRankings(api, query, signal), placeholderData: keepPreviousData });

export function useCallRankings(query: CallRankingsQuery) {
  return useQuery(callRankingsQueryOptions(useApi(), useActingAs(), query));
}
