import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { orderKeys } from './keys';

export type OrderCapsFill = components['schemas']['OrderCapsFill'];

/** GET /orders/caps (getOrderCaps): each order's sales today, this week and this month against its caps. */
export const getOrderCaps = (api: ApiClient, orderIds: readonly number[], signal?: AbortSignal) =>
  unwrap(api.GET('/orders/caps', { params: { query: { orderIds: [...orderIds] } }, signal }), 'Unable to load the caps');

export const orderCapsQueryOptions = (api: ApiClient, as: ActingAs, ids: readonly number[]) =>
  queryOptions({ queryKey: orderKeys.caps(as, ids), queryFn: ({ signal }) => getOrderCaps(api, ids, signal), enabled: ids.length > 0 });

export function useOrderCaps(ids: readonly number[]) {
  return useQuery(orderCapsQueryOptions(useApi(), useActingAs(), ids));
}
