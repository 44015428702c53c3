import { queryOptions, useQuery } from '@tanstack/react-query';
import { TERRITORY } from '../../domain/geo/constants';
import { batches, missingZips } from '../../domain/orders/territory';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { geoKeys } from './keys';

export type GeoZip = components['schemas']['GeoZip'];

const FAILED = 'ZIP codes could not be looked up';

/** GET /geo/zips?zips=a,b,c (getZips): the ZIPs of a list (at most 500) that exist. */
export async function getZips(api: ApiClient, zips: readonly string[], signal?: AbortSignal): Promise<GeoZip[]> {
  if (zips.length === 0) return [];
  const query = { zips: zips.join(',') };
  return (await unwrap(api.GET('/geo/zips', { params: { query }, signal }), FAILED)).zips;
}

/** GET /geo/zips?zips=Z&radius=R (getZips): every ZIP within R miles of the regional ZIP Z, nearest first. */
export async function getZipsInRadius(api: ApiClient, regionalZip: string, miles: number, signal?: AbortSignal): Promise<GeoZip[]> {
  const query = { zips: regionalZip.trim(), radius: miles };
  return (await unwrap(api.GET('/geo/zips', { params: { query }, signal }), FAILED)).zips;
}

export interface ZipListLookup {
  found: GeoZip[];
  /** Asked for, not known. */
  missing: string[];
}

/** A list of any length, looked up in batches of 500 (one after another, in order). */
export async function lookupZipList(api: ApiClient, zips: readonly string[], signal?: AbortSignal): Promise<ZipListLookup> {
  const found: GeoZip[] = [];
  for (const batch of batches(zips, TERRITORY.lookupBatch)) found.push(...(await getZips(api, batch, signal)));
  return { found, missing: missingZips(zips, found.map((z) => z.id)) };
}

/** Geodata does not change while the app runs. */
const STATIC = { staleTime: Infinity, gcTime: 30 * 60_000 } as const;

export const zipListQueryOptions = (api: ApiClient, as: ActingAs, zips: readonly string[]) =>
  queryOptions({ queryKey: geoKeys.zips(as, zips), queryFn: ({ signal }) => lookupZipList(api, zips, signal), ...STATIC });

export const radiusQueryOptions = (api: ApiClient, as: ActingAs, regionalZip: string, miles: number) =>
  queryOptions({ queryKey: geoKeys.radius(as, regionalZip, miles), queryFn: ({ signal }) => getZipsInRadius(api, regionalZip, miles, signal), ...STATIC });

/** The coordinates of a list of ZIPs (for the map's points); idle while the list is empty. */
export function useZipList(zips: readonly string[]) {
  return useQuery({ ...zipListQueryOptions(useApi(), useActingAs(), zips), enabled: zips.length > 0 });
}

