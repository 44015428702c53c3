import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { returnKeys } from './keys';

export type LeadReturnDetail = components['schemas']['LeadReturnDetail'];

/** GET /return/{leadId} (getLeadReturn): the lead's return, its steps, and why it may not be returned or disputed. */
export function getLeadReturn(api: ApiClient, leadId: number, signal?: AbortSignal): Promise<LeadReturnDetail> {
  return unwrap(api.GET('/return/{leadId}', { params: { path: { leadId } }, signal }), 'Unable to load the return');
}

export const leadReturnQueryOptions = (api: ApiClient, as: ActingAs, leadId: number) =>
  queryOptions({ queryKey: returnKeys.lead(as, leadId), queryFn: ({ signal }) => getLeadReturn(api, leadId, signal) });

export function useLeadReturn(leadId: number | null) {
  const api = useApi();
  const as = useActingAs();
  return useQuery({ ...leadReturnQueryOptions(api, as, leadId ?? 0), enabled: leadId !== null });
}
