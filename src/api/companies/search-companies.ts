import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { companyKeys } from './keys';

export type Company = components['schemas']['Company'];

/** GET /companies?name (searchCompanies): up to 20 companies whose name holds the text. */
export async function searchCompanies(api: ApiClient, name: string, signal?: AbortSignal): Promise<Company[]> {
  return (await unwrap(api.GET('/companies', { params: { query: { name } }, signal }), 'Unable to search companies')).companies;
}

export const searchCompaniesQueryOptions = (api: ApiClient, as: ActingAs, name: string) =>
  queryOptions({
    queryKey: companyKeys.search(as, name),
    queryFn: ({ signal }) => searchCompanies(api, name, signal),
    enabled: name.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export function useSearchCompanies(name: string) {
  return useQuery(searchCompaniesQueryOptions(useApi(), useActingAs(), name));
}
