import { mutationOptions, useMutation } from '@tanstack/react-query';
import { useApi } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { MSG } from '../../domain/messages';

export interface AcceptTermsByKeyInput {
  key: string;
  initials: [string, string];
}

/** POST /authentication/tos/{key} (acceptTermsByKey): accept the terms from an emailed link. */
export async function acceptTermsByKey(api: ApiClient, { key, initials }: AcceptTermsByKeyInput, signal?: AbortSignal): Promise<string> {
  const call = api.POST('/authentication/tos/{key}', { params: { path: { key } }, body: { tos: true, initials }, signal });
  return (await unwrap(call, MSG.saveFailed)).message;
}

export const acceptTermsByKeyMutationOptions = (api: ApiClient) =>
  mutationOptions({ mutationFn: (input: AcceptTermsByKeyInput) => acceptTermsByKey(api, input) });

export function useAcceptTermsByKey() {
  return useMutation(acceptTermsByKeyMutationOptions(useApi()));
}
