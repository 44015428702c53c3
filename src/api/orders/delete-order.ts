import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';
import { orderMutationOptions } from './changed';

/** DELETE /orders/{orderId} (deleteOrder); a 422 `last_order` is the attempt-delete-last-order case. */
export const deleteOrder = (api: ApiClient, orderId: number, signal?: AbortSignal) =>
  unwrap(api.DELETE('/orders/{orderId}', { params: { path: { orderId } }, signal }), ORDER_MSG.updateFailed);

export function useDeleteOrder() {
  const api = useApi();
  return useMutation(orderMutationOptions(useQueryClient(), useActingAs(), (orderId: number) => deleteOrder(api, orderId)));
}
