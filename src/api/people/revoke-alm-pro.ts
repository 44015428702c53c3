import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { userMutationOptions, type UserDetail } from './user-cache';

export interface RevokeAlmProInput {
  userId: number;
}

/** POST /users/{userId}/almpro/revoke (revokeAlmPro). */
export function revokeAlmPro(api: ApiClient, { userId }: RevokeAlmProInput, signal?: AbortSignal): Promise<UserDetail> {
  return unwrap(api.POST('/users/{userId}/almpro/revoke', { params: { path: { userId } }, signal }), MSG.saveFailed);
}

export const revokeAlmProMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions(userMutationOptions(queryClient, as, (input: RevokeAlmProInput) => revokeAlmPro(api, input)));

export function useRevokeAlmPro() {
  return useMutation(revokeAlmProMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
