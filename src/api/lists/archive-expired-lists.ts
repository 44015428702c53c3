import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { listMutationOptions } from './changed';

/** DELETE /lists/orders/{orderId}/expired-lists (archiveExpiredLists): how many expired lists were archived. */
export function archiveExpiredLists(api: ApiClient, orderId: number, signal?: AbortSignal): Promise<{ message: string; archived: number }> {
  return unwrap(api.DELETE('/lists/orders/{orderId}/expired-lists', { params: { path: { orderId } }, signal }));
}

export function useArchiveExpiredLists() {
  const api = useApi();
  return useMutation(listMutationOptions(useQueryClient(), useActingAs(), (orderId: number) => archiveExpiredLists(api, orderId)));
}
