import type { ActingAs } from '../context';
import type { ReportQuery } from './query';

/** Query keys of the reports; every one starts with 'reports' and whom the session acts as. */
export const reportKeys = {
  all: (as: ActingAs) => ['reports', as] as const,
  vendors: (as: ActingAs, q: ReportQuery) => [...reportKeys.all(as), 'vendors', q] as const,
  returnReasons: (as: ActingAs, q: ReportQuery) => [...reportKeys.all(as), 'return-reasons', q] as const,
  returnRates: (as: ActingAs, q: ReportQuery) => [...reportKeys.all(as), 'return-rates', q] as const,
  dashboard: (as: ActingAs, q: { product: string; vertical: string; company: number | null }) => [...reportKeys.all(as), 'dashboard', q] as const,
  cohorts: (as: ActingAs, q: { product: string; vertical: string; company: number | null }) => [...reportKeys.all(as), 'cohorts', q] as const,
};
