import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIST_MSG } from '../../domain/lists/messages';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { listMutationOptions } from './changed';

export interface DeliverListInput {
  listId: number;
  /** An email address, or leadManager, quoteBurst or roboAgent. */
  destination: string;
}

/** POST /lists/{listId}/deliveries (deliverList): send a ready list; a failed delivery is a 422 'your list did not export'. */
export function deliverList(api: ApiClient, input: DeliverListInput, signal?: AbortSignal): Promise<{ message: string; delivery: components['schemas']['ListDelivery'] }> {
  return unwrap(api.POST('/lists/{listId}/deliveries', { params: { path: { listId: input.listId } }, body: { destination: input.destination }, signal }), LIST_MSG.exportFailed);
}

/** The delivery is recorded either way, so the lists are refetched after a failure too. */
export function useDeliverList() {
  const api = useApi();
  const options = listMutationOptions(useQueryClient(), useActingAs(), (input: DeliverListInput) => deliverList(api, input));
  return useMutation({ ...options, onSettled: options.onSuccess, onSuccess: undefined });
}
