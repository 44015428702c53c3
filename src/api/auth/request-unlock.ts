import { mutationOptions, useMutation } from '@tanstack/react-query';
import { useApi } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';

export interface RequestUnlockInput {
  email: string;
  captcha: string;
}

/** POST /authentication/unlock (requestUnlock): email a one-time sign-in link to a locked account. */
export async function requestUnlock(api: ApiClient, body: RequestUnlockInput, signal?: AbortSignal): Promise<string> {
  return (await unwrap(api.POST('/authentication/unlock', { body, signal }), 'Unable to send a sign-in link')).message;
}

export const requestUnlockMutationOptions = (api: ApiClient) =>
  mutationOptions({ mutationFn: (body: RequestUnlockInput) => requestUnlock(api, body) });

export function useRequestUnlock() {
  return useMutation(requestUnlockMutationOptions(useApi()));
}
