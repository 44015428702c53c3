import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { promotionKeys, type PromotionFilter } from './keys';

export type Promotion = components['schemas']['Promotion'];

/** GET /cost-shares (listPromotions): the promotions the caller may see, by priority then end date. */
export async function listPromotions(api: ApiClient, f: PromotionFilter, signal?: AbortSignal): Promise<Promotion[]> {
  const query = { isArchived: f.isArchived, ...(f.isActive !== null ? { isActive: f.isActive } : {}) };
  return (await unwrap(api.GET('/cost-shares', { params: { query }, signal }), 'Unable to load the promotions')).results;
}

/** The previous filter's rows stay on screen while the next ones load. */
export const promotionsQueryOptions = (api: ApiClient, as: ActingAs, f: PromotionFilter) =>
  queryOptions({ queryKey: promotionKeys.list(as, f), queryFn: ({ signal }) => listPromotions(api, f, signal), placeholderData: keepPreviousData });

export function usePromotions(f: PromotionFilter) {
  return useQuery(promotionsQueryOptions(useApi(), useActingAs(), f));
}
