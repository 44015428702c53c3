import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { leadKeys } from './keys';

export type LeadRow = components['schemas']['LeadRow'];
export interface LeadPage {
  results: LeadRow[];
  meta: { count: number };
}
/** The query of a search as the address carries it (leadQueryParams of src/domain/leads). */
export type LeadParams = Record<string, string>;

/** GET /leads/all (searchLeads): one page of a search. */
export function searchLeads(api: ApiClient, params: LeadParams, signal?: AbortSignal): Promise<LeadPage> {
  return unwrap(api.GET('/leads/all', { params: { query: params }, signal }), 'Unable to load leads');
}

/** The previous page stays on screen while the next one loads; auto-refresh polls it. */
export const searchLeadsQueryOptions = (api: ApiClient, as: ActingAs, params: LeadParams, refetchInterval: number) =>
  queryOptions({
    queryKey: leadKeys.search(as, params),
    queryFn: ({ signal }) => searchLeads(api, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchInterval || false,
  });

export function useSearchLeads(params: LeadParams, refetchInterval = 0) {
  return useQuery(searchLeadsQueryOptions(useApi(), useActingAs(), params, refetchInterval));
}
