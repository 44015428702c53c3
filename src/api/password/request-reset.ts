import { mutationOptions, useMutation } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import { useApi } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';

/** POST /password/reset {email} (resetPassword): email a reset link; the answer is the same for any email. */
export async function requestReset(api: ApiClient, email: string, signal?: AbortSignal): Promise<string> {
  return (await unwrap(api.POST('/password/reset', { body: { email }, signal }), MSG.passwordResetRequestFailed)).message;
}

export const requestResetMutationOptions = (api: ApiClient) =>
  mutationOptions({ mutationFn: (email: string) => requestReset(api, email) });

export function useRequestReset() {
  return useMutation(requestResetMutationOptions(useApi()));
}
