import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIST_DESIGNED_MSG } from '../../domain/lists/messages';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { listMutationOptions } from './changed';
import type { LeadList } from './list-lists';

export interface GenerateListInput {
  orderId: number;
  numRecords: number;
}

/** POST /lists/lists (generateList): a list of the order, queued as processing (409 while another one is). */
export function generateList(api: ApiClient, body: GenerateListInput, signal?: AbortSignal): Promise<LeadList> {
  return unwrap(api.POST('/lists/lists', { body, signal }), LIST_DESIGNED_MSG.errorCreatingList);
}

export function useGenerateList() {
  const api = useApi();
  return useMutation(listMutationOptions(useQueryClient(), useActingAs(), (input: GenerateListInput) => generateList(api, input)));
}
