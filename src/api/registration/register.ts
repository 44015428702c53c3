import { mutationOptions, useMutation } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import { useApi } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';

export type Registration = components['schemas']['Registration'];

/** POST /registration/register (register): answers a one-time sign-in key. */
export async function register(api: ApiClient, body: Registration, signal?: AbortSignal): Promise<string> {
  const clean = { ...body, address2: body.address2 || undefined, agentId: body.agentId || undefined };
  return (await unwrap(api.POST('/registration/register', { body: clean, signal }), MSG.profileUpdateFailed)).ssoKey;
}

export const registerMutationOptions = (api: ApiClient) => mutationOptions({ mutationFn: (body: Registration) => register(api, body) });

export function useRegister() {
  return useMutation(registerMutationOptions(useApi()));
}
