import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient, components } from '../client';
import { useActingAs, useApi, type ActingAs } from '../context';
import { unwrap } from '../errors';
import { orderKeys } from './keys';

export interface OptimizerInput {
  packageId: number;
  territory: components['schemas']['Territory'];
  vendorIds: number[];
  ratio: number;
}

/** POST /orders/optimizations (optimizeVendors): the optimizer's vendor weights for the order on screen (nothing saved). */
export const optimizeVendors = (api: ApiClient, body: OptimizerInput, signal?: AbortSignal) =>
  unwrap(api.POST('/orders/optimizations', { body, signal }), 'The vendor optimizer could not run');

export const optimizerQueryOptions = (api: ApiClient, as: ActingAs, body: OptimizerInput) =>
  queryOptions({ queryKey: orderKeys.optimizer(as, body), queryFn: ({ signal }) => optimizeVendors(api, body, signal), staleTime: 60_000 });

/** The optimizer's answer, a read without side effects; idle when the viewer may not use it. */
export function useOptimizer(body: OptimizerInput | null) {
  const api = useApi();
  const as = useActingAs();
  return useQuery({ ...optimizerQueryOptions(api, as, body ?? { packageId: 0, territory: null as never, vendorIds: [], ratio: 0 }), enabled: body !== null, placeholderData: keepPreviousData });
}
