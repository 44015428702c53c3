import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingMutationOptions } from './changed';

type ChargeInput = components['schemas']['ChargeInput'];
export interface DebitAccountIn extends ChargeInput {
  companyId: number;
}

/** POST /billing/{companyId}/debit (debitAccount): take from the balance (admins). */
export function debitAccount(api: ApiClient, input: DebitAccountIn, signal?: AbortSignal): Promise<components['schemas']['MoneyResult']> {
  const { companyId, ...body } = input;
  const path = { companyId };
  return unwrap(api.POST('/billing/{companyId}/debit', { params: { path }, body, signal }), ''); // the view names the amount
}

export function useDebitAccount() {
  const api = useApi();
  return useMutation(billingMutationOptions(useQueryClient(), useActingAs(), (input: DebitAccountIn) => debitAccount(api, input)));
}
