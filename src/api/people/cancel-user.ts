import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PEOPLE_MSG } from '../../domain/people/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { userMutationOptions, type UserDetail } from './user-cache';

export interface CancelUserInput {
  userId: number;
  reason: string;
}

/** POST /users/cancel/{userId} (cancelUser), with a reason. */
export function cancelUser(api: ApiClient, { userId, reason }: CancelUserInput, signal?: AbortSignal): Promise<UserDetail> {
  return unwrap(api.POST('/users/cancel/{userId}', { params: { path: { userId } }, body: { reason }, signal }), PEOPLE_MSG.cancelFailed);
}

export const cancelUserMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions(userMutationOptions(queryClient, as, (input: CancelUserInput) => cancelUser(api, input)));

export function useCancelUser() {
  return useMutation(cancelUserMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
