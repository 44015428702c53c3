import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { leadKeys } from './keys';
import type { LeadParams } from './search-leads';

export type LeadTabCounts = components['schemas']['LeadTabCounts'];

/** GET /leads/counts (countLeads): the counter of every tab under the same filters. */
export function countLeads(api: ApiClient, params: LeadParams, signal?: AbortSignal): Promise<LeadTabCounts> {
  return unwrap(api.GET('/leads/counts', { params: { query: params }, signal }), 'Unable to count leads');
}

export const countLeadsQueryOptions = (api: ApiClient, as: ActingAs, params: LeadParams, refetchInterval: number) =>
  queryOptions({
    queryKey: leadKeys.count(as, params),
    queryFn: ({ signal }) => countLeads(api, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchInterval || false,
  });

export function useCountLeads(params: LeadParams, refetchInterval = 0) {
  return useQuery(countLeadsQueryOptions(useApi(), useActingAs(), params, refetchInterval));
}
