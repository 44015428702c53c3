import { queryOptions, useQuery } from '@tanstack/react-query';
import { useActingAs, useApi, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { debuggerKeys } from './keys';

export type VendorApi = components['schemas']['VendorApi'];

/** GET /vendors/{vendor}/apis (listVendorApis): the vendor's live tokens (hints only). */
export function listVendorApis(api: ApiClient, vendor: string, signal?: AbortSignal) {
  return unwrap(api.GET('/vendors/{vendor}/apis', { params: { path: { vendor } }, signal }), 'Unable to load the API tokens');
}

export const vendorApisQueryOptions = (api: ApiClient, as: ActingAs, vendor: string) =>
  queryOptions({ queryKey: debuggerKeys.apis(as, vendor), queryFn: ({ signal }) => listVendorApis(api, vendor, signal) });

export function useVendorApis(vendor = 'me') {
  return useQuery(vendorApisQueryOptions(useApi(), useActingAs(), vendor));
}
