import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PEOPLE_MSG } from '../../domain/people/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { peopleKeys } from './keys';
import type { User } from './search-users';

export type NewUser = components['schemas']['NewUser'];

/** POST /users (createUser): creates the user and mails the invitation. */
export function createUser(api: ApiClient, body: NewUser, signal?: AbortSignal): Promise<User> {
  return unwrap(api.POST('/users', { body, signal }), PEOPLE_MSG.newUserFailed);
}

export const createUserMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions({
    mutationFn: (body: NewUser) => createUser(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all(as) }),
  });

export function useCreateUser() {
  return useMutation(createUserMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
