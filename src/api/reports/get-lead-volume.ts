import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import type { operations } from '../schema';
import { unwrap } from '../errors';
import { reportKeys } from './keys';

export type LeadVolumeQuery = NonNullable<operations['getLeadVolume']['parameters']['query']>;
export type LeadVolumePeriod = components['schemas']['LeadVolumePeriod'];

/** GET /reports/lead-volume (getLeadVolume): the periods of the chart and a page of them for the table (no dates: the last 90 days). */
export const getLeadVolume = (api: ApiClient, query: LeadVolumeQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/lead-volume', { params: { query }, signal }), 'Unable to load the lead volume report');

export const leadVolumeQueryOptions = (api: ApiClient, as: ActingAs, query: LeadVolumeQuery) =>
  queryOptions({ queryKey: reportKeys.leadVolume(as, query), queryFn: ({ signal }) => getLeadVolume(api, query, signal), placeholderData: keepPreviousData });

export function useLeadVolume(query: LeadVolumeQuery) {
  return useQuery(leadVolumeQueryOptions(useApi(), useActingAs(), query));
}
