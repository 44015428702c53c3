import type { ApiClient } from '../client';
import type { AgentStatusQuery } from './get-agent-status-report';
import { csvFile } from './query';

/** GET /reports/agent-status/export (exportAgentStatusReport): every row of the filter as agent_status.csv. */
export const exportAgentStatusReport = (api: ApiClient, query: Omit<AgentStatusQuery, 'limit' | 'skip'>, signal?: AbortSignal) =>
  csvFile(api.GET('/reports/agent-status/export', { params: { query }, parseAs: 'blob', signal }), 'agent_status.csv', 'Unable to export the agent status report');
