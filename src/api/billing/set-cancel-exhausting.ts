import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { billingMutationOptions } from './changed';

export interface SetCancelExhaustingIn {
  userId: number;
  cancelExhausting: boolean;
}

/** PUT /users/{userId}/cancel-exhausting (setCancelExhausting): the user is cancelled once the balance is spent. */
export function setCancelExhausting(api: ApiClient, input: SetCancelExhaustingIn, signal?: AbortSignal): Promise<unknown> {
  const { userId, ...body } = input;
  const path = { userId };
  return unwrap(api.PUT('/users/{userId}/cancel-exhausting', { params: { path }, body, signal }), 'Unable to save');
}

export function useSetCancelExhausting() {
  const api = useApi();
  return useMutation(billingMutationOptions(useQueryClient(), useActingAs(), (input: SetCancelExhaustingIn) => setCancelExhausting(api, input)));
}
