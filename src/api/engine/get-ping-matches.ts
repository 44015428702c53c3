import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { engineKeys } from './keys';

export type PingMatches = components['schemas']['PingMatches'];
export type MatchOutcome = components['schemas']['MatchOutcome'];

/** GET /engine/pings/{pingId}/matches (getPingMatches): why each order got a ping's lead or not. */
export function getPingMatches(api: ApiClient, pingId: string, signal?: AbortSignal): Promise<PingMatches> {
  return unwrap(api.GET('/engine/pings/{pingId}/matches', { params: { path: { pingId } }, signal }), 'Unable to load the match breakdown');
}

export const pingMatchesQueryOptions = (api: ApiClient, as: ActingAs, pingId: string) =>
  queryOptions({ queryKey: engineKeys.pingMatches(as, pingId), queryFn: ({ signal }) => getPingMatches(api, pingId, signal), retry: false });

/** The breakdown of a ping; nothing is asked while `pingId` is empty. */
export function usePingMatches(pingId: string) {
  const api = useApi();
  const as = useActingAs();
  return useQuery({ ...pingMatchesQueryOptions(api, as, pingId), enabled: pingId.length > 0 });
}
