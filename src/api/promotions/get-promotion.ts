import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { promotionKeys } from './keys';

export type PromotionDetail = components['schemas']['PromotionDetail'];

/** GET /cost-shares/{promotionId} (getPromotion): one promotion with its usage; 404 when out of the caller's sight. */
export function getPromotion(api: ApiClient, promotionId: number, signal?: AbortSignal): Promise<PromotionDetail> {
  return unwrap(api.GET('/cost-shares/{promotionId}', { params: { path: { promotionId } }, signal }), 'Unable to load the promotion');
}

export const promotionQueryOptions = (api: ApiClient, as: ActingAs, promotionId: number) =>
  queryOptions({ queryKey: promotionKeys.one(as, promotionId), queryFn: ({ signal }) => getPromotion(api, promotionId, signal) });

export function usePromotion(promotionId: number) {
  return useQuery(promotionQueryOptions(useApi(), useActingAs(), promotionId));
}
