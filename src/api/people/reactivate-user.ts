import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PEOPLE_MSG } from '../../domain/people/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { userMutationOptions, type UserDetail } from './user-cache';

export interface ReactivateUserInput {
  userId: number;
  reason: string;
}

/** POST /users/reactivate/{userId} (reactivateUser), with a reason. */
export function reactivateUser(api: ApiClient, { userId, reason }: ReactivateUserInput, signal?: AbortSignal): Promise<UserDetail> {
  return unwrap(api.POST('/users/reactivate/{userId}', { params: { path: { userId } }, body: { reason }, signal }), PEOPLE_MSG.activateFailed);
}

export const reactivateUserMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions(userMutationOptions(queryClient, as, (input: ReactivateUserInput) => reactivateUser(api, input)));

export function useReactivateUser() {
  return useMutation(reactivateUserMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
