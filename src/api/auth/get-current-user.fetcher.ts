import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { SESSION_TEXT, SWITCH_USER_HEADER } from '../../domain/session';

export type AuthState = components['schemas']['AuthState'];

/**
 * GET /authentication/user (getCurrentUser): the user the session acts as, fresh from the
 * server; with `switchTo`, as that user (an admin's switch, which the server may refuse).
 * Apart from its query options and hook (./get-current-user) because the session machine
 * calls it on the sign-in page, whose scripts carry no react-query.
 */
export function getCurrentUser(api: ApiClient, signal?: AbortSignal, switchTo?: string): Promise<AuthState> {
  if (switchTo) return unwrap(api.GET('/authentication/user', { headers: { [SWITCH_USER_HEADER]: switchTo }, signal }), SESSION_TEXT.switchFailed);
  return unwrap(api.GET('/authentication/user', { signal }), 'Unable to load your profile');
}
