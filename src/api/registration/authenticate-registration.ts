import { queryOptions, useQuery } from '@tanstack/react-query';
import { PEOPLE_MSG } from '../../domain/people/messages';
import { useApi } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { registrationKeys } from './keys';

export type RegistrationStart = components['schemas']['RegistrationStart'];

/** POST /registration/authenticate (authenticateRegistration): the invitation behind a key. */
export function authenticateRegistration(api: ApiClient, key: string, signal?: AbortSignal): Promise<RegistrationStart> {
  return unwrap(api.POST('/registration/authenticate', { body: { key }, signal }), PEOPLE_MSG.registrationTokenInvalid);
}

export const authenticateRegistrationQueryOptions = (api: ApiClient, key: string) =>
  queryOptions({ queryKey: registrationKeys.start(key), queryFn: ({ signal }) => authenticateRegistration(api, key, signal), staleTime: Infinity });

export function useRegistrationStart(key: string) {
  return useQuery(authenticateRegistrationQueryOptions(useApi(), key));
}
