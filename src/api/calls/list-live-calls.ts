import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { liveCallKeys } from './keys';

export type LiveCallRow = components['schemas']['LiveCallRow'];
export type LiveCallMeta = components['schemas']['LiveCallMeta'];
export interface LiveCallPage {
  results: LiveCallRow[];
  meta: LiveCallMeta;
}
/** The filters as the API takes them (liveCallParams of src/domain/calls/list) plus limit and skip. */
export type LiveCallParams = Record<string, string | number>;

/** GET /live-calls/all (listLiveCalls): a page of calls and the figures of the filter. */
export function listLiveCalls(api: ApiClient, params: LiveCallParams, signal?: AbortSignal): Promise<LiveCallPage> {
  return unwrap(api.GET('/live-calls/all', { params: { query: params as never }, signal }), 'Unable to load calls');
}

/**
 * The previous page stays on screen while the next loads. The tables reload every 60 s
 * while the window is focused (document 002 section 9); server push refreshes them sooner.
 */
export const listLiveCallsQueryOptions = (api: ApiClient, as: ActingAs, params: LiveCallParams, reloadMs: number) =>
  queryOptions({
    queryKey: liveCallKeys.list(as, params),
    queryFn: ({ signal }) => listLiveCalls(api, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: reloadMs,
    refetchIntervalInBackground: false,
  });

export function useLiveCalls(params: LiveCallParams, reloadMs: number) {
  return useQuery(listLiveCallsQueryOptions(useApi(), useActingAs(), params, reloadMs));
}
