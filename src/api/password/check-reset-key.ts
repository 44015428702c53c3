import { queryOptions, useQuery } from '@tanstack/react-query';
import { DESIGNED_MSG } from '../../domain/messages';
import { useApi } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { passwordKeys } from './keys';

/** GET /password/reset/{key} (checkResetKey): when a live reset link expires; a 404 when it is used or expired. */
export function checkResetKey(api: ApiClient, key: string, signal?: AbortSignal): Promise<{ expiresAt: string }> {
  return unwrap(api.GET('/password/reset/{key}', { params: { path: { key } }, signal }), DESIGNED_MSG.resetKeyInvalid);
}

/** Checked once per page: a key does not come back to life, and using it ends the page. */
export const resetKeyQueryOptions = (api: ApiClient, key: string) =>
  queryOptions({
    queryKey: passwordKeys.resetKey(key),
    queryFn: ({ signal }) => checkResetKey(api, key, signal),
    staleTime: Infinity,
  });

export function useResetKey(key: string) {
  return useQuery(resetKeyQueryOptions(useApi(), key));
}
