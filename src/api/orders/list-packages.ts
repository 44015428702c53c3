import type { ApiClient } from '../client';
import { unwrap } from '../errors';

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
