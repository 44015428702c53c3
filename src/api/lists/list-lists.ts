import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIST } from '../../domain/lists/constants';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { listKeys } from './keys';

export type LeadList = components['schemas']['LeadList'];

/**
 * Designed: while one of the order's lists is being generated, its row asks again this
 * often, so "processing" turns into "ready" within seconds; otherwise every 100 s
 * (LIST.reloadMs, document 001 section 4).
 */
export const PROCESSING_RELOAD_MS = 5_000;

/** GET /lists/lists?order= (listLists): an order's lists, newest first, with their deliveries. */
export async function listLists(api: ApiClient, orderId: number, signal?: AbortSignal): Promise<LeadList[]> {
  return (await unwrap(api.GET('/lists/lists', { params: { query: { order: orderId } }, signal }), 'Unable to load the lists')).results;
}

const processing = (lists: readonly LeadList[] | undefined) => (lists ?? []).some((l) => l.processedStatus === 'processing');

/**
 * An order's lists, reloaded while the row is expanded. When a list stops processing, the
 * order table's counts and its rerun button change too, so its entries are refetched.
 */
export const listsQueryOptions = (api: ApiClient, as: ActingAs, orderId: number, queryClient?: QueryClient) => {
  const queryKey = listKeys.lists(as, orderId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const before = queryClient?.getQueryData<LeadList[]>(queryKey);
      const lists = await listLists(api, orderId, signal);
      if (queryClient && before && processing(before) !== processing(lists)) void queryClient.invalidateQueries({ queryKey: listKeys.orders(as) });
      return lists;
    },
    refetchInterval: (q) => (processing(q.state.data) ? PROCESSING_RELOAD_MS : LIST.reloadMs),
  });
};

/** The lists of an expanded order (idle while collapsed). */
export function useLists(orderId: number, expanded: boolean) {
  return useQuery({ ...listsQueryOptions(useApi(), useActingAs(), orderId, useQueryClient()), enabled: expanded });
}
