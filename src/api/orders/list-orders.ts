import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { ORDER_LIST_MSG } from '../../domain/orders/list';
import { orderKeys, type OrderListFilter } from './keys';

export type OrderListPage = components['schemas']['OrderListPage'];
export type OrderListRow = components['schemas']['OrderListRow'];

/** GET /orders/all (listOrders): one page of the order list. */
export function listOrders(api: ApiClient, f: OrderListFilter, signal?: AbortSignal): Promise<OrderListPage> {
  const query = { tab: f.tab, page: f.page, pageSize: f.pageSize, sort: f.sort, dir: f.dir, ...(f.search.trim() ? { search: f.search.trim() } : {}), ...(f.cld ? { cld: true } : {}) };
  return unwrap(api.GET('/orders/all', { params: { query }, signal }), ORDER_LIST_MSG.noPermission);
}

export const ordersQueryOptions = (api: ApiClient, as: ActingAs, f: OrderListFilter) =>
  queryOptions({ queryKey: orderKeys.list(as, f), queryFn: ({ signal }) => listOrders(api, f, signal), placeholderData: keepPreviousData });

export function useOrders(f: OrderListFilter) {
  return useQuery(ordersQueryOptions(useApi(), useActingAs(), f));
}
