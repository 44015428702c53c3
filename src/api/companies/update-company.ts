import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { companyKeys } from './keys';
import type { CompanySettings } from './get-company';

export interface UpdateCompanyInput {
  companyId: number;
  /** Exactly one part: distributions, LeadVantage access, lead cap or concurrency schedule. */
  change: components['schemas']['CompanyUpdate'];
}

/** PUT /companies/{companyId} (updateCompany). A failure says MSG.saveFailed unless the server says more. */
export function updateCompany(api: ApiClient, { companyId, change }: UpdateCompanyInput, signal?: AbortSignal): Promise<CompanySettings> {
  return unwrap(api.PUT('/companies/{companyId}', { params: { path: { companyId } }, body: change, signal }), MSG.saveFailed);
}

export const updateCompanyMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions({
    mutationFn: (input: UpdateCompanyInput) => updateCompany(api, input),
    onSuccess: (saved: CompanySettings) => queryClient.setQueryData(companyKeys.company(as, saved.id), saved),
  });

export function useUpdateCompany() {
  return useMutation(updateCompanyMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
