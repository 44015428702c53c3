import type { ActingAs } from '../context';

export interface BillingLogFilter {
  companyId: number;
  dateFrom: string;
  dateTo: string;
  page: number;
  pageSize: number;
}

/** Query keys of the billing area; every one starts with whom the session acts as. */
export const billingKeys = {
  all: (as: ActingAs) => ['billing', as] as const,
  companies: (as: ActingAs) => [...billingKeys.all(as), 'companies'] as const,
  company: (as: ActingAs, companyId: number) => [...billingKeys.all(as), 'company', companyId] as const,
  logs: (as: ActingAs, companyId: number) => [...billingKeys.all(as), 'logs', companyId] as const,
  log: (as: ActingAs, filter: BillingLogFilter) => [...billingKeys.logs(as, filter.companyId), filter] as const,
  /** Under the company's logs: the same movements, refetched with them. */
  financial: (as: ActingAs, q: { companyId: number; dateFrom: string; dateTo: string }) => [...billingKeys.logs(as, q.companyId), 'financial', q] as const,
};
