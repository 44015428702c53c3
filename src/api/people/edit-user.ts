import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '../../domain/profile';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { updateProfile } from './update-profile';
import { peopleKeys } from './keys';

export interface EditUserInput {
  userId: number;
  profile: ProfileInput;
}

/**
 * PUT /users/{userId} (updateProfile) from user management: the same call as the profile
 * screen, but the answer is another user's, so it refreshes that user's entries and never
 * the session's own (update-profile.ts does that).
 */
export const editUser = (api: ApiClient, input: EditUserInput, signal?: AbortSignal) => updateProfile(api, input, signal);

export const editUserMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions({
    mutationFn: (input: EditUserInput) => editUser(api, input),
    onSuccess: (_auth: unknown, input: EditUserInput) => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.user(as, input.userId) });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.history(as, input.userId) });
      void queryClient.invalidateQueries({ queryKey: [...peopleKeys.all(as), 'search'] });
    },
  });

export function useEditUser() {
  return useMutation(editUserMutationOptions(useApi(), useQueryClient(), useActingAs()));
}

