import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import type { operations } from '../schema';
import { unwrap } from '../errors';
import { reportKeys } from './keys';

type Op = operations['getAgentStatusLeads']['parameters'];
export type AgentStatusLeadsQuery = NonNullable<Op['query']>;
export type ReportAgentStatus = Op['path']['status'];

/** GET /reports/agent-status/{status} (getAgentStatusLeads): a page of the leads behind one count of the report. */
export const getAgentStatusLeads = (api: ApiClient, status: ReportAgentStatus, query: AgentStatusLeadsQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/agent-status/{status}', { params: { path: { status }, query }, signal }), 'Unable to load these leads');

export const agentStatusLeadsQueryOptions = (api: ApiClient, as: ActingAs, status: ReportAgentStatus, query: AgentStatusLeadsQuery) =>
  queryOptions({
    queryKey: reportKeys.agentStatusLeads(as, status, query),
    queryFn: ({ signal }) => getAgentStatusLeads(api, status, query, signal),
    placeholderData: keepPreviousData,
  });

export function useAgentStatusLeads(status: ReportAgentStatus, query: AgentStatusLeadsQuery) {
  return useQuery(agentStatusLeadsQueryOptions(useApi(), useActingAs(), status, query));
}
