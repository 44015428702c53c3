import { queryOptions } from '@tanstack/react-query';
import type { ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { geoKeys } from './keys';

export type GeoCounty = components['schemas']['GeoCounty'];
export type StateAbbr = components['schemas']['StateAbbr'];

/** GET /geo/counties?state= (getCounties): a state's counties with their ZIP codes. */
export async function getCounties(api: ApiClient, state: StateAbbr, signal?: AbortSignal): Promise<GeoCounty[]> {
  return (await unwrap(api.GET('/geo/counties', { params: { query: { state } }, signal }), 'Counties could not be loaded')).counties;
}

export const countiesQueryOptions = (api: ApiClient, as: ActingAs, state: StateAbbr) =>
  queryOptions({
    queryKey: geoKeys.counties(as, state),
    queryFn: ({ signal }) => getCounties(api, state, signal),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });

