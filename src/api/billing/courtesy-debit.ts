import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingMutationOptions } from './changed';

type CourtesyInput = components['schemas']['CourtesyInput'];
export interface CourtesyDebitIn extends CourtesyInput {
  userId: number;
}

/** POST /courtesy-credit/debit/{userId} (courtesyDebit): take a courtesy credit back. */
export function courtesyDebit(api: ApiClient, input: CourtesyDebitIn, signal?: AbortSignal): Promise<components['schemas']['MoneyResult']> {
  const { userId, ...body } = input;
  const path = { userId };
  return unwrap(api.POST('/courtesy-credit/debit/{userId}', { params: { path }, body, signal }), ''); // the view names the amount
}

export function useCourtesyDebit() {
  const api = useApi();
  return useMutation(billingMutationOptions(useQueryClient(), useActingAs(), (input: CourtesyDebitIn) => courtesyDebit(api, input)));
}
