import type { ActingAs } from '../context';
import type { operations } from '../schema';
import type { ReportQuery } from './query';

type QueryOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>;

/** Query keys of the reports; every one starts with 'reports' and whom the session acts as. */
export const reportKeys = {
  all: (as: ActingAs) => ['reports', as] as const,
  vendors: (as: ActingAs, q: ReportQuery) => [...reportKeys.all(as), 'vendors', q] as const,
  returnReasons: (as: ActingAs, q: ReportQuery) => [...reportKeys.all(as), 'return-reasons', q] as const,
  returnRates: (as: ActingAs, q: ReportQuery) => [...reportKeys.all(as), 'return-rates', q] as const,
  leadVolume: (as: ActingAs, q: QueryOf<'getLeadVolume'>) => [...reportKeys.all(as), 'lead-volume', q] as const,
  leadVolumeOrders: (as: ActingAs, q: QueryOf<'getLeadVolumeOrders'>) => [...reportKeys.all(as), 'lead-volume-orders', q] as const,
  packages: (as: ActingAs, q: QueryOf<'getPackageReport'>) => [...reportKeys.all(as), 'packages', q] as const,
  dashboard: (as: ActingAs, q: { product: string; vertical: string; company: number | null }) => [...reportKeys.all(as), 'dashboard', q] as const,
  rankings: (as: ActingAs, q: QueryOf<'getRankings'>) => [...reportKeys.all(as), 'rankings', q] as const,
  callRankings: (as: ActingAs, q: QueryOf<'getCallRankings'>) => [...reportKeys.all(as), 'call-rankings', q] as const,
  agentStatus: (as: ActingAs, q: QueryOf<'getAgentStatusReport'>) => [...reportKeys.all(as), 'agent-status', q] as const,
  agentStatusLeads: (as: ActingAs, status: string, q: QueryOf<'getAgentStatusLeads'>) => [...reportKeys.all(as), 'agent-status-leads', status, q] as const,
  digitalAds: (as: ActingAs, company: number, q: QueryOf<'getDigitalAdsReport'>) => [...reportKeys.all(as), 'digital-ads', company, q] as const,
  cohorts: (as: ActingAs, q: { product: string; vertical: string; company: number | null }) => [...reportKeys.all(as), 'cohorts', q] as const,
};
