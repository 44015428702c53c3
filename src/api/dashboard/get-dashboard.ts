import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { dashboardKeys } from './keys';

export type Dashboard = components['schemas']['Dashboard'];
export type DashboardOrder = components['schemas']['DashboardOrder'];

/** GET /dashboard (getDashboard): today's banners and the active orders (of the company named, for admins and managers). */
export const getDashboard = (api: ApiClient, company: number | null, signal?: AbortSignal) =>
  unwrap(api.GET('/dashboard', { params: { query: company === null ? {} : { company } }, signal }), 'Unable to load the dashboard');

export const dashboardQueryOptions = (api: ApiClient, as: ActingAs, company: number | null, enabled: boolean) =>
  queryOptions({ queryKey: dashboardKeys.dashboard(as, company), queryFn: ({ signal }) => getDashboard(api, company, signal), enabled });

/** `enabled` false for the roles the operation does not admit. */
export function useDashboard(company: number | null, enabled: boolean) {
  return useQuery(dashboardQueryOptions(useApi(), useActingAs(), company, enabled));
}
