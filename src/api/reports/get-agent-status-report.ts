import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import type { operations } from '../schema';
import { unwrap } from '../errors';
import { reportKeys } from './keys';

export type AgentStatusQuery = NonNullable<operations['getAgentStatusReport']['parameters']['query']>;
export type AgentStatusRow = components['schemas']['AgentStatusRow'];
export type AgentStatusCounts = components['schemas']['AgentStatusCounts'];

/** GET /reports/agent-status (getAgentStatusReport): a page of agents by where their leads stand, and the sums of all. */
export const getAgentStatusReport = (api: ApiClient, query: AgentStatusQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/agent-status', { params: { query }, signal }), 'Unable to load the agent status report');

export const agentStatusReportQueryOptions = (api: ApiClient, as: ActingAs, query: AgentStatusQuery) =>
  queryOptions({ queryKey: reportKeys.agentStatus(as, query), queryFn: ({ signal }) => getAgentStatusReport(api, query, signal), placeholderData: keepPreviousData });

export function useAgentStatusReport(query: AgentStatusQuery) {
  return useQuery(agentStatusReportQueryOptions(useApi(), useActingAs(), query));
}
