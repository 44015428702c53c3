import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import type { operations } from '../schema';
import { unwrap } from '../errors';
import { reportKeys } from './keys';

export type DigitalAdsQuery = NonNullable<operations['getDigitalAdsReport']['parameters']['query']>;
export type DigitalAdsReport = components['schemas']['DigitalAdsReport'];

/** GET /leads/{company}/digital-ads-report (getDigitalAdsReport): a company's leads from digital-ads vendors, by day and vendor. */
export const getDigitalAdsReport = (api: ApiClient, company: number, query: DigitalAdsQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/leads/{company}/digital-ads-report', { params: { path: { company }, query }, signal }), 'Unable to load the digital ads report');

export const digitalAdsReportQueryOptions = (api: ApiClient, as: ActingAs, company: number, query: DigitalAdsQuery) =>
  queryOptions({
    queryKey: reportKeys.digitalAds(as, company, query),
    queryFn: ({ signal }) => getDigitalAdsReport(api, company, query, signal),
    placeholderData: keepPreviousData,
  });

/** Read once there is a company (an admin picks one). */
export function useDigitalAdsReport(company: number | null, query: DigitalAdsQuery) {
  return useQuery({ ...digitalAdsReportQueryOptions(useApi(), useActingAs(), company ?? 0, query), enabled: company !== null });
}
