import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { useActingAs, useApi, type ActingAs } from '../context';
import { unwrap } from '../errors';
import { orderKeys } from './keys';

export type EstimateTarget = { jobId: number } | { orderId: number };

/** GET /cost-estimate (costEstimate): the options step's estimate of a draft or an order, from its saved territory. */
export const getCostEstimate = (api: ApiClient, target: EstimateTarget, signal?: AbortSignal) =>
  unwrap(api.GET('/cost-estimate', { params: { query: target }, signal }), 'The cost estimate could not be loaded');

export const costEstimateQueryOptions = (api: ApiClient, as: ActingAs, target: EstimateTarget) =>
  queryOptions({ queryKey: orderKeys.costEstimate(as, target), queryFn: ({ signal }) => getCostEstimate(api, target, signal), staleTime: 0 });

/** The estimate's market figures; the screen recomputes the estimate as the bid moves (src/domain/orders/market.ts). */
export function useCostEstimate(target: EstimateTarget | null) {
  const api = useApi();
  const as = useActingAs();
  return useQuery({ ...costEstimateQueryOptions(api, as, target ?? { jobId: 0 }), enabled: target !== null, placeholderData: keepPreviousData });
}
