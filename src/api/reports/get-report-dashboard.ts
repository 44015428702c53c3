import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardProduct, DashboardVertical } from '../../domain/reports/dashboard';
import type { ApiClient, components } from '../client';
import { useActingAs, useApi, type ActingAs } from '../context';
import { unwrap } from '../errors';
import { reportKeys } from './keys';

export type DashboardPeriod = components['schemas']['DashboardPeriod'];

/** The dashboard report's choices (its cohort view's too): product, vertical, and an admin's company (null: every company). */
export interface ReportDashboardQuery {
  product: DashboardProduct;
  vertical: DashboardVertical;
  company: number | null;
}

/** GET /reports/dashboard (getReportDashboard): 12 months and 12 weeks of you, regional and national. */
export const getReportDashboard = (api: ApiClient, { product, vertical, company }: ReportDashboardQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/dashboard', { params: { query: { product, vertical, ...(company !== null ? { company } : {}) } }, signal }),
    'Unable to load the dashboard report');

export const reportDashboardQueryOptions = (api: ApiClient, as: ActingAs, q: ReportDashboardQuery) =>
  queryOptions({
    queryKey: reportKeys.dashboard(as, q),
    queryFn: ({ signal }) => getReportDashboard(api, q, signal),
    placeholderData: keepPreviousData,
  });

export function useReportDashboard(q: ReportDashboardQuery) {
  return useQuery(reportDashboardQueryOptions(useApi(), useActingAs(), q));
}
