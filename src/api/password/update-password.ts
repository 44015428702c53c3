import { mutationOptions, useMutation } from '@tanstack/react-query';
import { useApi } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';

export interface UpdatePasswordInput {
  userId: number;
  password: string;
  /** Left out when an admin switched into the user changes it. */
  currentPassword?: string;
}

/** POST /password/update/{userId} (updatePassword). The view puts MSG.passwordUpdateFailedPrefix before a failure. */
export async function updatePassword(api: ApiClient, { userId, ...body }: UpdatePasswordInput, signal?: AbortSignal): Promise<string> {
  const call = api.POST('/password/update/{userId}', { params: { path: { userId } }, body, signal });
  return (await unwrap(call, 'please try again')).message;
}

export const updatePasswordMutationOptions = (api: ApiClient) =>
  mutationOptions({ mutationFn: (input: UpdatePasswordInput) => updatePassword(api, input) });

export function useUpdatePassword() {
  return useMutation(updatePasswordMutationOptions(useApi()));
}
