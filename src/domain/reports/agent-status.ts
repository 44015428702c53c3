import { AGENT_STATUS_LABELS, type AgentStatus } from '../leads/tabs';

/**
 * The Agent Status report (document 000 sections 2 and 6, document 002 sections 2 and 7;
 * docs/areas/reports.md): how far the agents a manager sees have worked the leads sold to
 * them in the range. Only leads still worked count (a lead returned, or waiting on its
 * return, is no longer the agent's to work; a denied return is back in their hands).
 */

/** The statuses in the order an agent moves a lead through them (document 002 section 9). */
export const REPORT_AGENT_STATUSES = ['new', 'attempting', 'contacted', 'quoted', 'policy'] as const satisfies readonly AgentStatus[];

/** The report's columns, each sortable: the agent, their leads still worked, each status's count, and the worked rate. */
export const AGENT_STATUS_SORTS = ['agentName', 'companyName', 'leads', ...REPORT_AGENT_STATUSES, 'workedRate'] as const;
export type AgentStatusSort = (typeof AGENT_STATUS_SORTS)[number];
export const AGENT_STATUS_COLUMN_LABELS: Record<AgentStatusSort, string> = {
  agentName: 'Agent',
  companyName: 'Company',
  leads: 'Leads',
  ...AGENT_STATUS_LABELS,
  workedRate: 'Worked',
};
