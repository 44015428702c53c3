import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import { useApi } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { passwordKeys } from './keys';

export interface ResetPasswordInput {
  key: string;
  password: string;
}

/** POST /password/reset {resetHash, password} (resetPassword): set a new password with the emailed key. */
export async function resetPassword(api: ApiClient, { key, password }: ResetPasswordInput, signal?: AbortSignal): Promise<string> {
  const call = api.POST('/password/reset', { body: { resetHash: key, password }, signal });
  return (await unwrap(call, MSG.passwordResetFailed)).message;
}

/** A used key is spent: forget its check, so coming back to the link says so. */
export const resetPasswordMutationOptions = (api: ApiClient, queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (input: ResetPasswordInput) => resetPassword(api, input),
    onSuccess: (_: string, input: ResetPasswordInput) => queryClient.removeQueries({ queryKey: passwordKeys.resetKey(input.key) }),
  });

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions(useApi(), useQueryClient()));
}
