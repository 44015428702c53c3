import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { listMutationOptions } from './changed';

/** DELETE /lists/{listId} (removeList): a processing list cannot be removed (422). */
export function removeList(api: ApiClient, listId: number, signal?: AbortSignal): Promise<components['schemas']['Message']> {
  return unwrap(api.DELETE('/lists/{listId}', { params: { path: { listId } }, signal }));
}

export function useRemoveList() {
  const api = useApi();
  return useMutation(listMutationOptions(useQueryClient(), useActingAs(), (listId: number) => removeList(api, listId)));
}
