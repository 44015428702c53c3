import { Loader, Select } from '@mantine/core';
import { useSetLeadStatus } from '../../../api/leads/set-lead-status';
import type { LeadRow } from '../../../api/leads/search-leads';
import { AGENT_STATUS_LABELS, AGENT_STATUSES, STILL_WORKED, type AgentStatus } from '../../../domain/leads/tabs';

/**
 * A row's agent status (document 002 sections 2 and 4): choosing one saves it, showing a
 * loading state, then the new status, or an error state (no message) on failure. A lead
 * under a return that is not denied keeps its status.
 */
export function AgentStatusCell({ lead }: { lead: LeadRow }) {
  const change = useSetLeadStatus();
  const returned = lead.returnStatus !== null && !STILL_WORKED.includes(lead.returnStatus);
  const state = change.isPending ? 'loading' : change.isError ? 'error' : 'idle';
  return (
    <Select
      size="xs"
      w={130}
      aria-label="Agent status"
      data={AGENT_STATUSES.map((s) => ({ value: s, label: AGENT_STATUS_LABELS[s] }))}
      value={change.isPending ? change.variables.statusName : lead.agentStatus}
      onChange={(v) => {
        if (!v || v === lead.agentStatus) return;
        change.mutate({ id: lead.id, statusName: v as AgentStatus, was: { agentStatus: lead.agentStatus, returnStatus: lead.returnStatus } });
      }}
      disabled={returned || change.isPending}
      allowDeselect={false}
      error={change.isError}
      rightSection={change.isPending ? <Loader size={12} /> : undefined}
      data-state={state}
      data-testid="agent-status"
    />
  );
}
