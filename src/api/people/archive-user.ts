import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PEOPLE_MSG } from '../../domain/people/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { userMutationOptions, type UserDetail } from './user-cache';

export interface ArchiveUserInput {
  userId: number;
}

/** DELETE /users/archive/{userId} (archiveUser). */
export function archiveUser(api: ApiClient, { userId }: ArchiveUserInput, signal?: AbortSignal): Promise<UserDetail> {
  return unwrap(api.DELETE('/users/archive/{userId}', { params: { path: { userId } }, signal }), PEOPLE_MSG.archiveFailed);
}

export const archiveUserMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions(userMutationOptions(queryClient, as, (input: ArchiveUserInput) => archiveUser(api, input)));

export function useArchiveUser() {
  return useMutation(archiveUserMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
