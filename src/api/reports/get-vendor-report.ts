import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { reportKeys } from './keys';
import type { ReportQuery } from './query';

export type VendorReportRow = components['schemas']['VendorReportRow'];
type VendorQuery = Omit<ReportQuery, 'by'>;

/** GET /reports/vendor/ratings (getVendorReport): a page of the vendor report (no dates: the last 90 days). */
export const getVendorReport = (api: ApiClient, query: VendorQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/vendor/ratings', { params: { query }, signal }), 'Unable to load the vendor report');

export const vendorReportQueryOptions = (api: ApiClient, as: ActingAs, query: VendorQuery) =>
  queryOptions({ queryKey: reportKeys.vendors(as, query), queryFn: ({ signal }) => getVendorReport(api, query, signal), placeholderData: keepPreviousData });

export function useVendorReport(query: VendorQuery) {
  return useQuery(vendorReportQueryOptions(useApi(), useActingAs(), query));
}
