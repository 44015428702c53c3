import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingKeys, type BillingLogFilter } from './keys';

export type BillingLogEntry = components['schemas']['BillingLogEntry'];
export interface BillingLogPage {
  results: BillingLogEntry[];
  meta: { count: number };
}

/** GET /billing/logs/{companyId} (listBillingLog): one page of the log between two days. */
export function listBillingLog(api: ApiClient, f: BillingLogFilter, signal?: AbortSignal): Promise<BillingLogPage> {
  const query = { dateFrom: f.dateFrom, dateTo: f.dateTo, limit: f.pageSize as 10 | 30 | 50 | 100, skip: (f.page - 1) * f.pageSize };
  return unwrap(api.GET('/billing/logs/{companyId}', { params: { path: { companyId: f.companyId }, query }, signal }), 'Unable to load the billing log');
}

/** The previous page stays on screen while the next one loads. */
export const billingLogQueryOptions = (api: ApiClient, as: ActingAs, f: BillingLogFilter) =>
  queryOptions({ queryKey: billingKeys.log(as, f), queryFn: ({ signal }) => listBillingLog(api, f, signal), placeholderData: keepPreviousData });

export function useBillingLog(f: BillingLogFilter) {
  return useQuery(billingLogQueryOptions(useApi(), useActingAs(), f));
}
