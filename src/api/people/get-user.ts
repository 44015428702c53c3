import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { peopleKeys } from './keys';
import type { UserDetail } from './user-cache';

/** GET /users/{userId}/detail (getUser): a user with their settings. */
export function getUser(api: ApiClient, userId: number, signal?: AbortSignal): Promise<UserDetail> {
  return unwrap(api.GET('/users/{userId}/detail', { params: { path: { userId } }, signal }), 'Unable to load the user');
}

export const getUserQueryOptions = (api: ApiClient, as: ActingAs, userId: number) =>
  queryOptions({ queryKey: peopleKeys.user(as, userId), queryFn: ({ signal }) => getUser(api, userId, signal) });

export function useUser(userId: number) {
  return useQuery(getUserQueryOptions(useApi(), useActingAs(), userId));
}
