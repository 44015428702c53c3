import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { promotionMutationOptions } from './changed';

export type PromotionBody = components['schemas']['PromotionInput'];
export type PromotionSaved = components['schemas']['PromotionSaved'];

/** POST /cost-shares (createPromotion): a 400 carries promotionErrors' texts as field errors. */
export function createPromotion(api: ApiClient, body: PromotionBody, signal?: AbortSignal): Promise<PromotionSaved> {
  return unwrap(api.POST('/cost-shares', { body, signal }), 'Unable to create the promotion');
}

export function useCreatePromotion() {
  const api = useApi();
  return useMutation(promotionMutationOptions(useQueryClient(), useActingAs(), (body: PromotionBody) => createPromotion(api, body)));
}
