import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { peopleKeys } from './keys';

/** POST /users/{userId}/invitation (inviteUser): a new registration link by mail. */
export async function inviteUser(api: ApiClient, userId: number, signal?: AbortSignal): Promise<string> {
  return (await unwrap(api.POST('/users/{userId}/invitation', { params: { path: { userId } }, signal }), MSG.saveFailed)).message;
}

export const inviteUserMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions({
    mutationFn: (userId: number) => inviteUser(api, userId),
    onSuccess: (_m: string, userId: number) => queryClient.invalidateQueries({ queryKey: peopleKeys.history(as, userId) }),
  });

export function useInviteUser() {
  return useMutation(inviteUserMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
