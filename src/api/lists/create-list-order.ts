import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIST_DESIGNED_MSG } from '../../domain/lists/messages';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { listMutationOptions } from './changed';

export type ListOrderBody = components['schemas']['ListOrderInput'];
export type ListOrderSaved = components['schemas']['ListOrderSaved'];

/** POST /lists/orders (createListOrder): a 400 carries the rule's texts as field errors. */
export function createListOrder(api: ApiClient, body: ListOrderBody, signal?: AbortSignal): Promise<ListOrderSaved> {
  return unwrap(api.POST('/lists/orders', { body, signal }), LIST_DESIGNED_MSG.errorCreatingOrder);
}

export function useCreateListOrder() {
  const api = useApi();
  return useMutation(listMutationOptions(useQueryClient(), useActingAs(), (body: ListOrderBody) => createListOrder(api, body)));
}
