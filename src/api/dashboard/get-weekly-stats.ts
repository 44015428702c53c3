import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { dashboardKeys } from './keys';

export type WeeklyStats = components['schemas']['WeeklyStats'];

/** GET /reports/weekly-stats (getWeeklyStats): the dashboard's weekly cards, this week against last, from the report rollups. */
export const getWeeklyStats = (api: ApiClient, company: number | null, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/weekly-stats', { params: { query: company === null ? {} : { company } }, signal }), 'Unable to load the weekly figures');

export const weeklyStatsQueryOptions = (api: ApiClient, as: ActingAs, company: number | null, enabled: boolean) =>
  queryOptions({ queryKey: dashboardKeys.weeklyStats(as, company), queryFn: ({ signal }) => getWeeklyStats(api, company, signal), enabled });

/** `enabled` false for the roles the operation does not admit. */
export function useWeeklyStats(company: number | null, enabled: boolean) {
  return useQuery(weeklyStatsQueryOptions(useApi(), useActingAs(), company, enabled));
}
