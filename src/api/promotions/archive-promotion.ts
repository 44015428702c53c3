import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { promotionMutationOptions } from './changed';

/** DELETE /cost-shares/{promotionId} (archivePromotion): it stops paying; the answer's message is "{name} has been archived". */
export function archivePromotion(api: ApiClient, promotionId: number, signal?: AbortSignal): Promise<components['schemas']['Message']> {
  return unwrap(api.DELETE('/cost-shares/{promotionId}', { params: { path: { promotionId } }, signal }));
}

export function useArchivePromotion() {
  const api = useApi();
  return useMutation(promotionMutationOptions(useQueryClient(), useActingAs(), (promotionId: number) => archivePromotion(api, promotionId)));
}
