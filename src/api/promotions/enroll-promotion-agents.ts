import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { promotionMutationOptions } from './changed';
import type { PromotionAgent } from './list-promotion-agents';

export interface Enrollment {
  promotionId: number;
  agentIds: number[];
}

/** PATCH /cost-shares/{promotionId}/agents (enrollPromotionAgents): super admins, until the enrollment deadline (422 after). */
export function enrollPromotionAgents(api: ApiClient, input: Enrollment, signal?: AbortSignal): Promise<{ results: PromotionAgent[]; message: string }> {
  const params = { path: { promotionId: input.promotionId } };
  return unwrap(api.PATCH('/cost-shares/{promotionId}/agents', { params, body: { agentIds: input.agentIds }, signal }), 'Unable to enroll the agents');
}

export function useEnrollPromotionAgents() {
  const api = useApi();
  return useMutation(promotionMutationOptions(useQueryClient(), useActingAs(), (input: Enrollment) => enrollPromotionAgents(api, input)));
}
