import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { userMutationOptions, type UserDetail } from './user-cache';

export interface UpdateContactInput {
  userId: number;
  newsletter: boolean;
  weeklySummary: boolean;
}

/** POST /contact/update/{userId} (updateContact): the newsletter subscription and the weekly summary. */
export function updateContact(api: ApiClient, { userId, newsletter, weeklySummary }: UpdateContactInput, signal?: AbortSignal): Promise<UserDetail> {
  return unwrap(
    api.POST('/contact/update/{userId}', { params: { path: { userId } }, body: { newsletter_subscription: newsletter, weekly_summary: weeklySummary }, signal }),
    MSG.saveFailed,
  );
}

export const updateContactMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions(userMutationOptions(queryClient, as, (input: UpdateContactInput) => updateContact(api, input)));

export function useUpdateContact() {
  return useMutation(updateContactMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
