import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingKeys } from './keys';

export type BillingCompany = components['schemas']['BillingCompany'];
export type Card = components['schemas']['Card'];

/** GET /billing/{companyId} (getBillingCompany): the billing record, balance and cards. */
export function getBillingCompany(api: ApiClient, companyId: number, signal?: AbortSignal): Promise<BillingCompany> {
  return unwrap(api.GET('/billing/{companyId}', { params: { path: { companyId } }, signal }), 'Unable to load billing');
}

export const billingCompanyQueryOptions = (api: ApiClient, as: ActingAs, companyId: number) =>
  queryOptions({ queryKey: billingKeys.company(as, companyId), queryFn: ({ signal }) => getBillingCompany(api, companyId, signal) });

export function useBillingCompany(companyId: number | null) {
  const api = useApi();
  const as = useActingAs();
  return useQuery({ ...billingCompanyQueryOptions(api, as, companyId ?? 0), enabled: companyId !== null });
}
