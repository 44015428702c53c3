import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIST_DESIGNED_MSG } from '../../domain/lists/messages';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { listMutationOptions } from './changed';
import type { ListOrderBody, ListOrderSaved } from './create-list-order';

/** PUT /lists/orders/{orderId} (updateListOrder): the same rules as creating it. */
export function updateListOrder(api: ApiClient, input: { orderId: number; body: ListOrderBody }, signal?: AbortSignal): Promise<ListOrderSaved> {
  return unwrap(api.PUT('/lists/orders/{orderId}', { params: { path: { orderId: input.orderId } }, body: input.body, signal }), LIST_DESIGNED_MSG.errorUpdatingOrder);
}

export function useUpdateListOrder() {
  const api = useApi();
  return useMutation(listMutationOptions(useQueryClient(), useActingAs(), (input: { orderId: number; body: ListOrderBody }) => updateListOrder(api, input)));
}
