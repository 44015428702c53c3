import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { listKeys, type ListOrderFilter } from './keys';

export type ListOrder = components['schemas']['ListOrder'];
export interface ListOrderPage {
  results: ListOrder[];
  meta: { count: number };
}

/** GET /lists/orders (listListOrders): one page of the caller's lead-list orders, newest first. */
export function listListOrders(api: ApiClient, f: ListOrderFilter, signal?: AbortSignal): Promise<ListOrderPage> {
  const query = { limit: f.pageSize, skip: (f.page - 1) * f.pageSize, ...(f.companyId !== null ? { companyId: f.companyId } : {}) };
  return unwrap(api.GET('/lists/orders', { params: { query }, signal }), 'Unable to load the list orders');
}

/** The previous page stays on screen while the next one loads. */
export const listOrdersQueryOptions = (api: ApiClient, as: ActingAs, f: ListOrderFilter) =>
  queryOptions({ queryKey: listKeys.orderPage(as, f), queryFn: ({ signal }) => listListOrders(api, f, signal), placeholderData: keepPreviousData });

export function useListOrders(f: ListOrderFilter) {
  return useQuery(listOrdersQueryOptions(useApi(), useActingAs(), f));
}
