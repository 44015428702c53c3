import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { promotionMutationOptions } from './changed';

export interface AgentRemoval {
  promotionId: number;
  agentId: number;
}

/** DELETE /cost-shares/{promotionId}/agents/{agentId} (removePromotionAgent): only while the agent used none of it (422 otherwise). */
export function removePromotionAgent(api: ApiClient, input: AgentRemoval, signal?: AbortSignal): Promise<components['schemas']['Message']> {
  return unwrap(api.DELETE('/cost-shares/{promotionId}/agents/{agentId}', { params: { path: input }, signal }));
}

export function useRemovePromotionAgent() {
  const api = useApi();
  return useMutation(promotionMutationOptions(useQueryClient(), useActingAs(), (input: AgentRemoval) => removePromotionAgent(api, input)));
}
