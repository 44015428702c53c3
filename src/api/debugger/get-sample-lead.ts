import { queryOptions, useQuery } from '@tanstack/react-query';
import { useActingAs, useApi, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { debuggerKeys } from './keys';

export type SampleLead = components['schemas']['SampleLead'];

/** GET /debug/lead/{vertical} (getSampleLead): a realistic sample lead. */
export function getSampleLead(api: ApiClient, vertical: 'auto' | 'home', signal?: AbortSignal): Promise<SampleLead> {
  return unwrap(api.GET('/debug/lead/{vertical}', { params: { path: { vertical } }, signal }), 'Unable to load a sample lead');
}

/** `draw` asks for another sample (the same draw is the same cached lead). */
export const sampleLeadQueryOptions = (api: ApiClient, as: ActingAs, vertical: 'auto' | 'home', draw: number) =>
  queryOptions({ queryKey: debuggerKeys.sampleLead(as, vertical, draw), queryFn: ({ signal }) => getSampleLead(api, vertical, signal), staleTime: Infinity });

export function useSampleLead(vertical: 'auto' | 'home', draw: number) {
  return useQuery(sampleLeadQueryOptions(useApi(), useActingAs(), vertical, draw));
}
