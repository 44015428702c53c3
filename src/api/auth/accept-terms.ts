import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { MSG } from '../../domain/messages';
import type { AuthState } from './get-current-user';

/** POST /authentication/user (acceptTerms): the signed-in user accepts the terms with their initials. */
export const acceptTerms = (api: ApiClient, initials: [string, string], signal?: AbortSignal): Promise<AuthState> =>
  unwrap(api.POST('/authentication/user', { body: { tos: true, initials }, signal }), MSG.saveFailed);
