import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { SESSION_TEXT, SWITCH_USER_HEADER } from '../../domain/session';
import { authKeys } from './keys';

export type AuthState = components['schemas']['AuthState'];

/**
 * GET /authentication/user (getCurrentUser): the user the session acts as, fresh from the
 * server; with `switchTo`, as that user (an admin's switch, which the server may refuse).
 */
export function getCurrentUser(api: ApiClient, signal?: AbortSignal, switchTo?: string): Promise<AuthState> {
  if (switchTo) return unwrap(api.GET('/authentication/user', { headers: { [SWITCH_USER_HEADER]: switchTo }, signal }), SESSION_TEXT.switchFailed);
  return unwrap(api.GET('/authentication/user', { signal }), 'Unable to load your profile');
}

export const currentUserQueryOptions = (api: ApiClient, as: ActingAs) =>
  queryOptions({ queryKey: authKeys.currentUser(as), queryFn: ({ signal }) => getCurrentUser(api, signal) });

export function useCurrentUserQuery() {
  return useQuery(currentUserQueryOptions(useApi(), useActingAs()));
}
