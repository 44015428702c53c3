import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { useActingAs, useApi, type ActingAs } from '../context';
import { unwrap } from '../errors';
import { orderKeys } from './keys';

export interface BiddingQuery {
  location: string;
  vertical: 'autoins' | 'homeins';
  product: 'leads' | 'calls';
}

/** GET /bidding-context (biddingContext): recent sale prices and other buyers' bid range around a place. */
export const getBiddingContext = (api: ApiClient, q: BiddingQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/bidding-context', { params: { query: q }, signal }), 'The bidding context could not be loaded');

export const biddingContextQueryOptions = (api: ApiClient, as: ActingAs, q: BiddingQuery) =>
  queryOptions({ queryKey: orderKeys.biddingContext(as, q), queryFn: ({ signal }) => getBiddingContext(api, q, signal), staleTime: 5 * 60_000 });

/** The bidding context of a place; idle without one. */
export function useBiddingContext(q: BiddingQuery | null) {
  const api = useApi();
  const as = useActingAs();
  return useQuery({ ...biddingContextQueryOptions(api, as, q ?? { location: '', vertical: 'autoins', product: 'leads' }), enabled: q !== null && q.location !== '' });
}
