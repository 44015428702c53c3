import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { orderMutationOptions } from './changed';
import { updateOrder } from './update-order';

/** Rename in place: PATCH /orders/{orderId} (updateOrder) with the name alone. */
export const renameOrder = (api: ApiClient, input: { orderId: number; name: string }, signal?: AbortSignal) =>
  updateOrder(api, input.orderId, { name: input.name }, signal);

export function useRenameOrder() {
  const api = useApi();
  return useMutation(orderMutationOptions(useQueryClient(), useActingAs(), (input: { orderId: number; name: string }) => renameOrder(api, input)));
}
