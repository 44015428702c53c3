import type { ActingAs } from '../context';

/** Query keys of the dashboard; every one starts with 'dashboard' and whom the session acts as. */
export const dashboardKeys = {
  all: (as: ActingAs) => ['dashboard', as] as const,
  dashboard: (as: ActingAs, company: number | null) => [...dashboardKeys.all(as), 'dashboard', company] as const,
  recommended: (as: ActingAs) => [...dashboardKeys.all(as), 'recommended'] as const,
  weeklyStats: (as: ActingAs, company: number | null) => [...dashboardKeys.all(as), 'weekly-stats', company] as const,
};
