import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { leadKeys } from './keys';

export type LeadDetails = components['schemas']['LeadDetails'];

/** GET /leads/{leadId} (getLead): one lead with its details. */
export function getLead(api: ApiClient, leadId: number, signal?: AbortSignal): Promise<LeadDetails> {
  return unwrap(api.GET('/leads/{leadId}', { params: { path: { leadId } }, signal }), 'Unable to load the lead');
}

export const getLeadQueryOptions = (api: ApiClient, as: ActingAs, leadId: number) =>
  queryOptions({ queryKey: leadKeys.lead(as, leadId), queryFn: ({ signal }) => getLead(api, leadId, signal) });

export function useLead(leadId: number | null) {
  const api = useApi();
  const as = useActingAs();
  return useQuery({ ...getLeadQueryOptions(api, as, leadId ?? 0), enabled: leadId !== null });
}
