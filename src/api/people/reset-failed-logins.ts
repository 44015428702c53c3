import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { peopleKeys } from './keys';
import type { User } from './search-users';

/** DELETE /users/{userId}/failed-logins (resetFailedLogins): clears the count and any lock. */
export function resetFailedLogins(api: ApiClient, userId: number, signal?: AbortSignal): Promise<User> {
  return unwrap(api.DELETE('/users/{userId}/failed-logins', { params: { path: { userId } }, signal }), MSG.resetLoginsFailed);
}

export const resetFailedLoginsMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions({
    mutationFn: (userId: number) => resetFailedLogins(api, userId),
    onSuccess: (_u: User, userId: number) => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.user(as, userId) });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.history(as, userId) });
    },
  });

export function useResetFailedLogins() {
  return useMutation(resetFailedLoginsMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
