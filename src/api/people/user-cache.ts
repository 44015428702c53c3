import type { QueryClient } from '@tanstack/react-query';
import type { components } from '../client';
import type { ActingAs } from '../context';
import { peopleKeys } from './keys';

export type UserDetail = components['schemas']['UserDetail'];

/**
 * After a change to a user: the answer replaces the cached user, and their history and
 * any search that may list them are fetched again.
 */
export function userChanged(queryClient: QueryClient, as: ActingAs, detail: UserDetail): void {
  queryClient.setQueryData(peopleKeys.user(as, detail.user.id), detail);
  void queryClient.invalidateQueries({ queryKey: peopleKeys.history(as, detail.user.id) });
  void queryClient.invalidateQueries({ queryKey: [...peopleKeys.all(as), 'search'] });
}

/** Mutation options of an operation answering the changed user (archive, CRM, ...). */
export function userMutationOptions<I>(queryClient: QueryClient, as: ActingAs, mutationFn: (input: I) => Promise<UserDetail>) {
  return { mutationFn, onSuccess: (detail: UserDetail) => userChanged(queryClient, as, detail) };
}
