import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { orderKeys } from './keys';

/** GET /order-events/aggregate/{orderId} (orderBreakdown): the engine's decisions about an order, per outcome. */
export const orderBreakdown = (api: ApiClient, orderId: number, signal?: AbortSignal) =>
  unwrap(api.GET('/order-events/aggregate/{orderId}', { params: { path: { orderId } }, signal }), 'Unable to load the breakdown');

export const orderBreakdownQueryOptions = (api: ApiClient, as: ActingAs, orderId: number) =>
  queryOptions({ queryKey: orderKeys.breakdown(as, orderId), queryFn: ({ signal }) => orderBreakdown(api, orderId, signal) });

export function useOrderBreakdown(orderId: number) {
  return useQuery(orderBreakdownQueryOptions(useApi(), useActingAs(), orderId));
}
