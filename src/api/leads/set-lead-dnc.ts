import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { patchLead } from './changed';

/** POST /leads/dnc/{leadId} (setLeadDnc). */
export function setLeadDnc(api: ApiClient, input: { id: number; dnc: boolean }, signal?: AbortSignal) {
  return unwrap(api.POST('/leads/dnc/{leadId}', { params: { path: { leadId: input.id } }, body: { dnc: input.dnc }, signal }), '');
}

/** A failed DNC call is silently ignored (document 002 section 8): no error is surfaced. */
export function useSetLeadDnc() {
  const api = useApi();
  const as = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; dnc: boolean }) => setLeadDnc(api, input),
    onSuccess: (out) => patchLead(queryClient, as, out.id, { dnc: out.dnc }),
    onError: () => undefined,
  });
}
