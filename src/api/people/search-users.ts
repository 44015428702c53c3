import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { peopleKeys, type UserSearchFilter } from './keys';

export type User = components['schemas']['User'];

/** GET /users/all (searchUsers): users by a term, an exact email or agent id, role and status. */
export async function searchUsers(api: ApiClient, filter: UserSearchFilter, signal?: AbortSignal): Promise<User[]> {
  const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as never;
  return (await unwrap(api.GET('/users/all', { params: { query }, signal }), 'Unable to search users')).users;
}

export const searchUsersQueryOptions = (api: ApiClient, as: ActingAs, filter: UserSearchFilter, enabled: boolean) =>
  queryOptions({
    queryKey: peopleKeys.search(as, filter),
    queryFn: ({ signal }) => searchUsers(api, filter, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Runs only when `enabled` (the search starts at 3 characters; the email check at a whole address). */
export function useSearchUsers(filter: UserSearchFilter, enabled: boolean) {
  return useQuery(searchUsersQueryOptions(useApi(), useActingAs(), filter, enabled));
}
