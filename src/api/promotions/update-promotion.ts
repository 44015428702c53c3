import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { promotionMutationOptions } from './changed';
import type { PromotionSaved } from './create-promotion';

export type PromotionPatch = components['schemas']['PromotionPatch'];
export interface PromotionUpdate {
  promotionId: number;
  body: PromotionPatch;
}

/** PATCH /cost-shares/{promotionId} (updatePromotion): the fields given replace the promotion's; 422 once archived. */
export function updatePromotion(api: ApiClient, input: PromotionUpdate, signal?: AbortSignal): Promise<PromotionSaved> {
  const params = { path: { promotionId: input.promotionId } };
  return unwrap(api.PATCH('/cost-shares/{promotionId}', { params, body: input.body, signal }), 'Unable to save the promotion');
}

export function useUpdatePromotion() {
  const api = useApi();
  return useMutation(promotionMutationOptions(useQueryClient(), useActingAs(), (input: PromotionUpdate) => updatePromotion(api, input)));
}
