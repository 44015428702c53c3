import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';
import { orderMutationOptions } from './changed';
import { orderKeys } from './keys';

export type OrderGroup = components['schemas']['OrderGroup'];
export type OrderGroupInput = components['schemas']['OrderGroupInput'];

/** GET /order-group (listOrderGroups): the groups of the company an admin is switched into. */
export const listOrderGroups = (api: ApiClient, signal?: AbortSignal) =>
  unwrap(api.GET('/order-group', { params: { query: {} }, signal }), 'Unable to load the order groups');

export const orderGroupsQueryOptions = (api: ApiClient, as: ActingAs, enabled: boolean) =>
  queryOptions({ queryKey: orderKeys.groups(as), queryFn: ({ signal }) => listOrderGroups(api, signal), enabled });

/** Groups are loaded for admins only. */
export function useOrderGroups(enabled: boolean) {
  return useQuery(orderGroupsQueryOptions(useApi(), useActingAs(), enabled));
}

/** POST /order-group (createOrderGroup), PATCH /order-group/{id} (updateOrderGroup) or DELETE it (deleteOrderGroup). */
export type GroupChange = { op: 'create'; body: OrderGroupInput } | { op: 'update'; id: number; body: OrderGroupInput } | { op: 'delete'; id: number };

export function changeOrderGroup(api: ApiClient, c: GroupChange, signal?: AbortSignal): Promise<{ message: string }> {
  if (c.op === 'create') return unwrap(api.POST('/order-group', { body: c.body, signal }), ORDER_MSG.updateFailed);
  const params = { path: { groupId: c.id } };
  if (c.op === 'update') return unwrap(api.PATCH('/order-group/{groupId}', { params, body: c.body, signal }), ORDER_MSG.updateFailed);
  return unwrap(api.DELETE('/order-group/{groupId}', { params, signal }), ORDER_MSG.updateFailed);
}

export function useChangeOrderGroup() {
  const api = useApi();
  return useMutation(orderMutationOptions(useQueryClient(), useActingAs(), (c: GroupChange) => changeOrderGroup(api, c)));
}
