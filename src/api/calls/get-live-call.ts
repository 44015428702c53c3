import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { liveCallKeys } from './keys';

export type LiveCall = components['schemas']['LiveCall'];

/** GET /live-calls/call/{callId} (getLiveCall): one call with its progress. */
export function getLiveCall(api: ApiClient, callId: number, signal?: AbortSignal): Promise<LiveCall> {
  return unwrap(api.GET('/live-calls/call/{callId}', { params: { path: { callId } }, signal }), 'Unable to load the call');
}

export const getLiveCallQueryOptions = (api: ApiClient, as: ActingAs, callId: number) =>
  queryOptions({ queryKey: liveCallKeys.call(as, callId), queryFn: ({ signal }) => getLiveCall(api, callId, signal) });

export function useLiveCall(callId: number | null) {
  const api = useApi();
  const as = useActingAs();
  return useQuery({ ...getLiveCallQueryOptions(api, as, callId ?? 0), enabled: callId !== null });
}
