import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { dashboardKeys } from './keys';

export type RecommendedOrder = components['schemas']['RecommendedOrder'];

/** GET /recommend/orders (listRecommendedOrders): packages for the demand the agent's company missed nearby. */
export const listRecommendedOrders = async (api: ApiClient, signal?: AbortSignal): Promise<RecommendedOrder[]> =>
  (await unwrap(api.GET('/recommend/orders', { signal }), 'Unable to load the recommended orders')).orders;

export const recommendedOrdersQueryOptions = (api: ApiClient, as: ActingAs, enabled: boolean) =>
  queryOptions({ queryKey: dashboardKeys.recommended(as), queryFn: ({ signal }) => listRecommendedOrders(api, signal), enabled });

/** Agents only (the operation's roles); `enabled` false for anyone else. */
export function useRecommendedOrders(enabled: boolean) {
  return useQuery(recommendedOrdersQueryOptions(useApi(), useActingAs(), enabled));
}
