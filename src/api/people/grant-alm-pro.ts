import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { userMutationOptions, type UserDetail } from './user-cache';

export interface GrantAlmProInput {
  userId: number;
}

/** POST /users/{userId}/almpro/grant (grantAlmPro). */
export function grantAlmPro(api: ApiClient, { userId }: GrantAlmProInput, signal?: AbortSignal): Promise<UserDetail> {
  return unwrap(api.POST('/users/{userId}/almpro/grant', { params: { path: { userId } }, signal }), MSG.saveFailed);
}

export const grantAlmProMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions(userMutationOptions(queryClient, as, (input: GrantAlmProInput) => grantAlmPro(api, input)));

export function useGrantAlmPro() {
  return useMutation(grantAlmProMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
