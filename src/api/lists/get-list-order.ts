import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { listKeys } from './keys';
import type { ListOrder } from './list-list-orders';

/** GET /lists/orders/{orderId} (getListOrder): one order, for the edit and clone forms. */
export function getListOrder(api: ApiClient, orderId: number, signal?: AbortSignal): Promise<ListOrder> {
  return unwrap(api.GET('/lists/orders/{orderId}', { params: { path: { orderId } }, signal }), 'Unable to load the list order');
}

export const listOrderQueryOptions = (api: ApiClient, as: ActingAs, orderId: number) =>
  queryOptions({ queryKey: listKeys.order(as, orderId), queryFn: ({ signal }) => getListOrder(api, orderId, signal) });

/** Idle without an order (a new order's form). */
export function useListOrder(orderId: number | null) {
  return useQuery({ ...listOrderQueryOptions(useApi(), useActingAs(), orderId ?? 0), enabled: orderId !== null });
}
