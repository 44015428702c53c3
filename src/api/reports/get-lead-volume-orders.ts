import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import type { operations } from '../schema';
import { unwrap } from '../errors';
import { reportKeys } from './keys';

type OrdersQuery = NonNullable<operations['getLeadVolumeOrders']['parameters']['query']>;

/** GET /reports/orders/lead-volume (getLeadVolumeOrders): the caller's orders with their volume in the range, most first. */
export const getLeadVolumeOrders = (api: ApiClient, query: OrdersQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/orders/lead-volume', { params: { query }, signal }), 'Unable to load the orders');

export const leadVolumeOrdersQueryOptions = (api: ApiClient, as: ActingAs, query: OrdersQuery) =>
  queryOptions({ queryKey: reportKeys.leadVolumeOrders(as, query), queryFn: ({ signal }) => getLeadVolumeOrders(api, query, signal), placeholderData: keepPreviousData });

/** The order filter's choices; not asked while `enabled` is false (a regional manager is not shown the filter). */
export function useLeadVolumeOrders(query: OrdersQuery, enabled: boolean) {
  return useQuery({ ...leadVolumeOrdersQueryOptions(useApi(), useActingAs(), query), enabled });
}
