import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActingAs, useApi } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { debuggerKeys } from './keys';
import type { VendorApi } from './list-vendor-apis';

/** POST /vendors/{vendor}/apis (issueVendorApi): a new sales token, shown this once. */
export function issueVendorApi(api: ApiClient, vendor: string, signal?: AbortSignal): Promise<VendorApi> {
  return unwrap(api.POST('/vendors/{vendor}/apis', { params: { path: { vendor } }, signal }), 'Unable to issue a token');
}

export function useIssueVendorApi(vendor = 'me') {
  const api = useApi();
  const as = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueVendorApi(api, vendor),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debuggerKeys.apis(as, vendor) }),
  });
}
