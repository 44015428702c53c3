import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PEOPLE_MSG } from '../../domain/people/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { userMutationOptions, type UserDetail } from './user-cache';

export interface SetCancelExhaustingInput {
  userId: number;
  cancelExhausting: boolean;
}

/** PUT /users/{userId}/cancel-exhausting (setCancelExhausting). */
export function setCancelExhausting(api: ApiClient, { userId, cancelExhausting }: SetCancelExhaustingInput, signal?: AbortSignal): Promise<UserDetail> {
  return unwrap(api.PUT('/users/{userId}/cancel-exhausting', { params: { path: { userId } }, body: { cancelExhausting }, signal }), PEOPLE_MSG.exhaustFailed);
}

export const setCancelExhaustingMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions(userMutationOptions(queryClient, as, (input: SetCancelExhaustingInput) => setCancelExhausting(api, input)));

export function useSetCancelExhausting() {
  return useMutation(setCancelExhaustingMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
