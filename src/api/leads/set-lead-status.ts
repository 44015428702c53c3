import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adjustCounts, type AgentStatus, type ReturnStatus, type TabCounts } from '../../domain/leads/tabs';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { patchLead } from './changed';
import { leadKeys } from './keys';

export interface SetLeadStatusIn {
  id: number;
  statusName: AgentStatus;
  /** The row as it was, for the counters (document 002 section 4). */
  was: { agentStatus: AgentStatus; returnStatus: ReturnStatus | null };
}

/** POST /leads/status/{leadId} (setLeadStatus): the resulting status. */
export function setLeadStatus(api: ApiClient, input: SetLeadStatusIn, signal?: AbortSignal) {
  return unwrap(api.POST('/leads/status/{leadId}', { params: { path: { leadId: input.id } }, body: { statusName: input.statusName }, signal }), '');
}

/** On success the row takes its new status and every cached counter adjusts; no refetch. */
export function useSetLeadStatus() {
  const api = useApi();
  const as = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetLeadStatusIn) => setLeadStatus(api, input),
    onSuccess: (out, input) => {
      patchLead(queryClient, as, out.id, { agentStatus: out.agentStatus });
      queryClient.setQueriesData<TabCounts>({ queryKey: leadKeys.counts(as) }, (c) =>
        c ? adjustCounts(c, { agentStatus: out.previousStatus, returnStatus: input.was.returnStatus }, out.agentStatus) : c,
      );
    },
  });
}
