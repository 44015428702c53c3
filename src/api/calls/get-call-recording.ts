import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { liveCallKeys } from './keys';

/**
 * GET /live-calls/call/{callId}/recording (getCallRecording): the WAV as a blob, fetched
 * through the session's client (the API takes a bearer header, which an <audio src> cannot
 * send). The player gets an object URL of it.
 */
export async function getCallRecording(api: ApiClient, callId: number, signal?: AbortSignal): Promise<Blob> {
  const res = api.GET('/live-calls/call/{callId}/recording', { params: { path: { callId } }, parseAs: 'blob', signal });
  return (await unwrap(res, 'Unable to load the recording')) as unknown as Blob;
}

/** A recording never changes once written: kept while the modal may reopen it. */
export const callRecordingQueryOptions = (api: ApiClient, as: ActingAs, callId: number) =>
  queryOptions({ queryKey: liveCallKeys.recording(as, callId), queryFn: ({ signal }) => getCallRecording(api, callId, signal), staleTime: Infinity, gcTime: 5 * 60_000 });

export function useCallRecording(callId: number | null) {
  const api = useApi();
  const as = useActingAs();
  return useQuery({ ...callRecordingQueryOptions(api, as, callId ?? 0), enabled: callId !== null });
}
