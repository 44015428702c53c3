import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIST } from '../../domain/lists/constants';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { listKeys } from './keys';
import type { ListOrder, ListOrderPage } from './list-list-orders';

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
 * Whether a cached page of the order table shows this order otherwise than its lists
 * now do (processing, or how many). Compared with the table's row, not with the lists'
 * previous answer: a list made between the table's read and the lists' first read never
 * changes the lists' answer, and the row's rerun button stayed disabled.
 */
function tableDisagrees(queryClient: QueryClient, as: ActingAs, orderId: number, lists: readonly LeadList[]): boolean {
  return queryClient.getQueriesData<ListOrderPage | ListOrder>({ queryKey: listKeys.orders(as) }).some(([, data]) => {
    const row = data && 'results' in data ? data.results.find((o) => o.id === orderId) : undefined;
    return row !== undefined && (row.lists.processing !== processing(lists) || row.lists.count !== lists.length);
  });
}

/**
 * An order's lists, reloaded while the row is expanded. When they disagree with the order
 * table (a list started or finished processing), the table's entries are refetched, as
 * its counts and rerun button show the same.
 */
export const listsQueryOptions = (api: ApiClient, as: ActingAs, orderId: number, queryClient?: QueryClient) => {
  const queryKey = listKeys.lists(as, orderId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const lists = await listLists(api, orderId, signal);
      if (queryClient && tableDisagrees(queryClient, as, orderId, lists)) void queryClient.invalidateQueries({ queryKey: listKeys.orders(as) });
      return lists;
    },
    refetchInterval: (q) => (processing(q.state.data) ? PROCESSING_RELOAD_MS : LIST.reloadMs),
  });
};

/** The lists of an expanded order (idle while collapsed). */
export function useLists(orderId: number, expanded: boolean) {
  return useQuery({ ...listsQueryOptions(useApi(), useActingAs(), orderId, useQueryClient()), enabled: expanded });
}
