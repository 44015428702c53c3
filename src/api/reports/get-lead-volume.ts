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

export const leadVolumeQueryOptions = (api: ApiClient, as: ActingAs, query: LeadVolumeQuery, enabled = true) =>
  queryOptions({ queryKey: reportKeys.leadVolume(as, query), queryFn: ({ signal }) => getLeadVolume(api, query, signal), placeholderData: keepPreviousData, enabled });

/** Idle while `enabled` is false (the dashboard's regional chart, until it knows its default days). */
export function useLeadVolume(query: LeadVolumeQuery, enabled = true) {
  return useQuery(leadVolumeQueryOptions(useApi(), useActingAs(), query, enabled));
}
