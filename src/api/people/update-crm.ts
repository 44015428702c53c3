import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { userMutationOptions, type UserDetail } from './user-cache';

export interface UpdateCrmInput {
  userId: number;
  salesforceAccountId: string;
  salesforceContactId: string;
}

/** PUT /users/crm/{userId} (updateCrm): empty clears an id. */
export function updateCrm(api: ApiClient, { userId, ...body }: UpdateCrmInput, signal?: AbortSignal): Promise<UserDetail> {
  return unwrap(api.PUT('/users/crm/{userId}', { params: { path: { userId } }, body, signal }), MSG.saveFailed);
}

export const updateCrmMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions(userMutationOptions(queryClient, as, (input: UpdateCrmInput) => updateCrm(api, input)));

export function useUpdateCrm() {
  return useMutation(updateCrmMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
