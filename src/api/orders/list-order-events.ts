import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { orderKeys } from './keys';

export type OrderEvent = components['schemas']['OrderEvent'];

/** GET /order-events (listOrderEvents): the newest `shown` events of an order (10, then 9 more per load). */
export const listOrderEvents = (api: ApiClient, orderId: number, shown: number, signal?: AbortSignal) =>
  unwrap(api.GET('/order-events', { params: { query: { orderId, top: shown, skip: 0 } }, signal }), 'Unable to load the timeline');

export const orderEventsQueryOptions = (api: ApiClient, as: ActingAs, orderId: number, shown: number) =>
  queryOptions({ queryKey: orderKeys.events(as, orderId, shown), queryFn: ({ signal }) => listOrderEvents(api, orderId, shown, signal), placeholderData: keepPreviousData });

export function useOrderEvents(orderId: number, shown: number) {
  return useQuery(orderEventsQueryOptions(useApi(), useActingAs(), orderId, shown));
}
