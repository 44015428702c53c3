import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { promotionKeys } from './keys';

export type PromotionAgent = components['schemas']['PromotionAgent'];

/** GET /cost-shares/{promotionId}/agents (listPromotionAgents): the enrolled agents by name, with what each used. */
export async function listPromotionAgents(api: ApiClient, promotionId: number, signal?: AbortSignal): Promise<PromotionAgent[]> {
  const call = api.GET('/cost-shares/{promotionId}/agents', { params: { path: { promotionId } }, signal });
  return (await unwrap(call, 'Unable to load the agents of the promotion')).results;
}

export const promotionAgentsQueryOptions = (api: ApiClient, as: ActingAs, promotionId: number) =>
  queryOptions({ queryKey: promotionKeys.agents(as, promotionId), queryFn: ({ signal }) => listPromotionAgents(api, promotionId, signal) });

export function usePromotionAgents(promotionId: number) {
  return useQuery(promotionAgentsQueryOptions(useApi(), useActingAs(), promotionId));
}
