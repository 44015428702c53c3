import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActingAs, useApi } from '../context';
import type { ApiClient, paths } from '../client';
import { unwrap } from '../errors';
import { debuggerKeys } from './keys';

export type IssuedVendorApi = paths['/vendors/{vendor}/apis']['post']['responses']['201']['content']['application/json'];

/**
 * POST /vendors/{vendor}/apis (issueVendorApi): a new sales token, shown this once.
 * `revokes` names the live token it revokes (null: none); the server refuses (409) when
 * that is not the one issuing would revoke.
 */
export function issueVendorApi(api: ApiClient, vendor: string, revokes: number | null, signal?: AbortSignal): Promise<IssuedVendorApi> {
  return unwrap(api.POST('/vendors/{vendor}/apis', { params: { path: { vendor } }, body: { revokes }, signal }), 'Unable to issue a token');
}

export function useIssueVendorApi(vendor = 'me') {
  const api = useApi();
  const as = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revokes: number | null) => issueVendorApi(api, vendor, revokes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debuggerKeys.apis(as, vendor) }),
  });
}
