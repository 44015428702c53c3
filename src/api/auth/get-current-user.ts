import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { useApi, useActingAs, type ActingAs } from '../context';
import { getCurrentUser } from './get-current-user.fetcher';
import { authKeys } from './keys';

export type { AuthState } from './get-current-user.fetcher';

export const currentUserQueryOptions = (api: ApiClient, as: ActingAs) =>
  queryOptions({ queryKey: authKeys.currentUser(as), queryFn: ({ signal }) => getCurrentUser(api, signal) });

export function useCurrentUserQuery() {
  return useQuery(currentUserQueryOptions(useApi(), useActingAs()));
}
