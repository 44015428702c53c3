import { MSG } from '../../domain/messages';
import type { ProfileInput } from '../../domain/profile';
import type { AuthState } from '../auth/get-current-user.fetcher';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';

/*
 * Apart from its mutation options and hook (./update-profile) because the session machine
 * calls it from the sign-in page's scripts, which carry no react-query.
 */
export interface UpdateProfileInput {
  userId: number;
  profile: ProfileInput;
}

/** PUT /users/{userId} (updateProfile). Empty optional fields are left out, not sent blank. */
export function updateProfile(api: ApiClient, { userId, profile }: UpdateProfileInput, signal?: AbortSignal): Promise<AuthState> {
  const body = { ...profile, address2: profile.address2 || undefined, agentId: profile.agentId || undefined };
  return unwrap(api.PUT('/users/{userId}', { params: { path: { userId } }, body, signal }), MSG.profileUpdateFailed);
}
