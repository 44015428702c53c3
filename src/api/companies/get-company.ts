import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { companyKeys } from './keys';

export type CompanySettings = components['schemas']['CompanySettings'];

/** GET /companies/{companyId} (getCompany): a company's settings. */
export function getCompany(api: ApiClient, companyId: number, signal?: AbortSignal): Promise<CompanySettings> {
  return unwrap(api.GET('/companies/{companyId}', { params: { path: { companyId } }, signal }), 'Unable to load the company');
}

export const getCompanyQueryOptions = (api: ApiClient, as: ActingAs, companyId: number) =>
  queryOptions({ queryKey: companyKeys.company(as, companyId), queryFn: ({ signal }) => getCompany(api, companyId, signal) });

export function useCompany(companyId: number) {
  return useQuery(getCompanyQueryOptions(useApi(), useActingAs(), companyId));
}
