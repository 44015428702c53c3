import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import type { ProfileInput } from '../../domain/profile';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { AuthState } from '../auth/get-current-user';
import { authKeys } from '../auth/keys';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';

export interface UpdateProfileInput {
  userId: number;
  profile: ProfileInput;
}

/** PUT /users/{userId} (updateProfile). Empty optional fields are left out, not sent blank. */
export function updateProfile(api: ApiClient, { userId, profile }: UpdateProfileInput, signal?: AbortSignal): Promise<AuthState> {
  const body = { ...profile, address2: profile.address2 || undefined, agentId: profile.agentId || undefined };
  return unwrap(api.PUT('/users/{userId}', { params: { path: { userId } }, body, signal }), MSG.profileUpdateFailed);
}

/** The saved answer replaces the cached user of whom the session acts as (not the admin's own). */
export const updateProfileMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions({
    mutationFn: (input: UpdateProfileInput) => updateProfile(api, input),
    onSuccess: (auth: AuthState) => queryClient.setQueryData(authKeys.currentUser(as), auth),
  });

export function useUpdateProfile() {
  return useMutation(updateProfileMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
