import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardProduct, DashboardVertical } from '../../domain/reports/dashboard';
import type { ApiClient, components } from '../client';
import { useActingAs, useApi, type ActingAs } from '../context';
import { unwrap } from '../errors';
import { reportKeys } from './keys';

export type DashboardPeriod = components['schemas']['DashboardPeriod'];

/** GET /reports/dashboard (getReportDashboard): 12 months and 12 weeks of you, regional and national. */
export const getReportDashboard = (api: ApiClient, product: DashboardProduct, vertical: DashboardVertical, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/dashboard', { params: { query: { product, vertical } }, signal }), 'Unable to load the dashboard report');

export const reportDashboardQueryOptions = (api: ApiClient, as: ActingAs, product: DashboardProduct, vertical: DashboardVertical) =>
  queryOptions({
    queryKey: reportKeys.dashboard(as, product, vertical),
    queryFn: ({ signal }) => getReportDashboard(api, product, vertical, signal),
    placeholderData: keepPreviousData,
  });

export function useReportDashboard(product: DashboardProduct, vertical: DashboardVertical) {
  return useQuery(reportDashboardQueryOptions(useApi(), useActingAs(), product, vertical));
}
