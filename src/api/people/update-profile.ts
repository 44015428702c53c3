import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { AuthState } from '../auth/get-current-user.fetcher';
import { authKeys } from '../auth/keys';
import type { ApiClient } from '../client';
import { updateProfile, type UpdateProfileInput } from './update-profile.fetcher';

export { updateProfile, type UpdateProfileInput } from './update-profile.fetcher';

/** The saved answer replaces the cached user of whom the session acts as (not the admin's own). */
export const updateProfileMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions({
    mutationFn: (input: UpdateProfileInput) => updateProfile(api, input),
    onSuccess: (auth: AuthState) => queryClient.setQueryData(authKeys.currentUser(as), auth),
  });

export function useUpdateProfile() {
  return useMutation(updateProfileMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
