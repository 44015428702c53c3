import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { listMutationOptions } from './changed';

/** DELETE /lists/orders/{orderId} (archiveListOrder): refused (422, its message shown as it is) while a list is processing. */
export function archiveListOrder(api: ApiClient, orderId: number, signal?: AbortSignal): Promise<components['schemas']['Message']> {
  return unwrap(api.DELETE('/lists/orders/{orderId}', { params: { path: { orderId } }, signal }));
}

export function useArchiveListOrder() {
  const api = useApi();
  return useMutation(listMutationOptions(useQueryClient(), useActingAs(), (orderId: number) => archiveListOrder(api, orderId)));
}
