import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { promotionKeys } from './keys';

type NamedId = components['schemas']['NamedId'];
export interface PromotionParties {
  regions: NamedId[];
  vendors: NamedId[];
}

/** GET /cost-shares/parties (listPromotionParties): the regions and vendors a promotion can name as its payer. */
export function listPromotionParties(api: ApiClient, signal?: AbortSignal): Promise<PromotionParties> {
  return unwrap(api.GET('/cost-shares/parties', { signal }), 'Unable to load the regions and vendors');
}

/** The regions and vendors change rarely: kept fresh for ten minutes. */
export const promotionPartiesQueryOptions = (api: ApiClient, as: ActingAs) =>
  queryOptions({ queryKey: promotionKeys.parties(as), queryFn: ({ signal }) => listPromotionParties(api, signal), staleTime: 600_000 });

export function usePromotionParties() {
  return useQuery(promotionPartiesQueryOptions(useApi(), useActingAs()));
}
