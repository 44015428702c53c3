import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingKeys } from './keys';

export type BillingCompanySummary = components['schemas']['BillingCompanySummary'];

/** GET /billing/companies (listBillingCompanies): every company with its balance (admins). */
export async function listBillingCompanies(api: ApiClient, signal?: AbortSignal): Promise<BillingCompanySummary[]> {
  return (await unwrap(api.GET('/billing/companies', { signal }), 'Unable to load the companies')).results;
}

export const billingCompaniesQueryOptions = (api: ApiClient, as: ActingAs) =>
  queryOptions({ queryKey: billingKeys.companies(as), queryFn: ({ signal }) => listBillingCompanies(api, signal) });

export function useBillingCompanies(enabled = true) {
  return useQuery({ ...billingCompaniesQueryOptions(useApi(), useActingAs()), enabled });
}
