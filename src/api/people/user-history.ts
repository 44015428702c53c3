import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { peopleKeys } from './keys';

export type AuditEntry = components['schemas']['AuditEntry'];

/** GET /users/{userId}/history (userHistory): the user's audit log, newest first. */
export async function userHistory(api: ApiClient, userId: number, signal?: AbortSignal): Promise<AuditEntry[]> {
  return (await unwrap(api.GET('/users/{userId}/history', { params: { path: { userId } }, signal }), 'Unable to load the history')).entries;
}

export const userHistoryQueryOptions = (api: ApiClient, as: ActingAs, userId: number) =>
  queryOptions({ queryKey: peopleKeys.history(as, userId), queryFn: ({ signal }) => userHistory(api, userId, signal) });

export function useUserHistory(userId: number) {
  return useQuery(userHistoryQueryOptions(useApi(), useActingAs(), userId));
}
