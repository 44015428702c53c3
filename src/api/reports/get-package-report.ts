import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import type { operations } from '../schema';
import { unwrap } from '../errors';
import { reportKeys } from './keys';

export type PackageReportQuery = NonNullable<operations['getPackageReport']['parameters']['query']>;
export type PackageReportRow = components['schemas']['PackageReportRow'];

/** GET /reports/packages/lead-volume (getPackageReport): a page of the Packages report (no dates: the last 90 days). */
export const getPackageReport = (api: ApiClient, query: PackageReportQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/packages/lead-volume', { params: { query }, signal }), 'Unable to load the packages report');

export const packageReportQueryOptions = (api: ApiClient, as: ActingAs, query: PackageReportQuery) =>
  queryOptions({ queryKey: reportKeys.packages(as, query), queryFn: ({ signal }) => getPackageReport(api, query, signal), placeholderData: keepPreviousData });

export function usePackageReport(query: PackageReportQuery) {
  return useQuery(packageReportQueryOptions(useApi(), useActingAs(), query));
}
