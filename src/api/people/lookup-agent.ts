import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { peopleKeys } from './keys';
import type { User } from './search-users';

/** GET /users/agent (lookupAgent): the user holding an agent id, if any. */
export async function lookupAgent(api: ApiClient, externalAgentId: string, signal?: AbortSignal): Promise<User[]> {
  return (await unwrap(api.GET('/users/agent', { params: { query: { externalAgentId } }, signal }), 'Unable to check the agent ID')).results;
}

export const lookupAgentQueryOptions = (api: ApiClient, as: ActingAs, agentId: string, enabled: boolean) =>
  queryOptions({ queryKey: peopleKeys.agent(as, agentId), queryFn: ({ signal }) => lookupAgent(api, agentId, signal), enabled });

export function useLookupAgent(agentId: string, enabled: boolean) {
  return useQuery(lookupAgentQueryOptions(useApi(), useActingAs(), agentId, enabled));
}
