import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient, components } from '../client';
import { useActingAs, useApi, type ActingAs } from '../context';
import { unwrap } from '../errors';
import type { ReportDashboardQuery } from './get-report-dashboard';
import { reportKeys } from './keys';

export type CohortWeek = components['schemas']['CohortWeek'];

/** GET /reports/cohorts (getReportCohorts): 26 delivery weeks of cost per policy net of returns, you, regional and national. */
export const getReportCohorts = (api: ApiClient, { product, vertical, company }: ReportDashboardQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/cohorts', { params: { query: { product, vertical, ...(company !== null ? { company } : {}) } }, signal }),
    'Unable to load cost per policy by delivery week');

export const reportCohortsQueryOptions = (api: ApiClient, as: ActingAs, q: ReportDashboardQuery) =>
  queryOptions({ queryKey: reportKeys.cohorts(as, q), queryFn: ({ signal }) => getReportCohorts(api, q, signal), placeholderData: keepPreviousData });

export function useReportCohorts(q: ReportDashboardQuery) {
  return useQuery(reportCohortsQueryOptions(useApi(), useActingAs(), q));
}
