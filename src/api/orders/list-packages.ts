import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient, components } from '../client';
import { useActingAs, useApi, type ActingAs } from '../context';
import { unwrap } from '../errors';
import { orderKeys } from './keys';

export type OrderPackage = components['schemas']['OrderPackage'];
export interface PackageFilter {
  vertical?: 'autoins' | 'homeins';
  product?: 'leads' | 'calls';
  group?: string | null;
}

/** GET /packages (listPackages): the packages the caller may order, and a diy group's pick. */
export function listPackages(api: ApiClient, f: PackageFilter, signal?: AbortSignal) {
  const query = { ...(f.vertical ? { vertical: f.vertical } : {}), ...(f.product ? { product: f.product } : {}), ...(f.group ? { group: f.group } : {}) };
  return unwrap(api.GET('/packages', { params: { query }, signal }), 'Unable to load the packages');
}

export const packagesQueryOptions = (api: ApiClient, as: ActingAs, f: PackageFilter) =>
  queryOptions({ queryKey: orderKeys.packages(as, f), queryFn: ({ signal }) => listPackages(api, f, signal) });

export function usePackages(f: PackageFilter) {
  return useQuery(packagesQueryOptions(useApi(), useActingAs(), f));
}
