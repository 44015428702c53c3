import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';
import { orderKeys } from './keys';

export type WizardOrder = components['schemas']['WizardOrder'];

/** GET /orders/{orderId} (getOrder): an order with what the edit wizard needs. */
export const getOrder = (api: ApiClient, orderId: number, signal?: AbortSignal) =>
  unwrap(api.GET('/orders/{orderId}', { params: { path: { orderId } }, signal }), ORDER_MSG.updateFailed);

export const orderQueryOptions = (api: ApiClient, as: ActingAs, orderId: number, enabled: boolean) =>
  queryOptions({ queryKey: orderKeys.order(as, orderId), queryFn: ({ signal }) => getOrder(api, orderId, signal), enabled });

/** One order (the dashboard's coverage overlay reads its territory); idle while `enabled` is false. */
export function useOrder(orderId: number, enabled: boolean) {
  return useQuery(orderQueryOptions(useApi(), useActingAs(), orderId, enabled));
}
