import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { patchLead } from './changed';

/** POST /leads/note/{leadId} (saveLeadNote): the saved note and the success text. */
export function saveLeadNote(api: ApiClient, input: { id: number; note: string }, signal?: AbortSignal) {
  return unwrap(api.POST('/leads/note/{leadId}', { params: { path: { leadId: input.id } }, body: { note: input.note }, signal }), '');
}

export function useSaveLeadNote() {
  const api = useApi();
  const as = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; note: string }) => saveLeadNote(api, input),
    onSuccess: (out) => patchLead(queryClient, as, out.id, { note: out.note }),
  });
}
