import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingMutationOptions } from './changed';

type ChargeInput = components['schemas']['ChargeInput'];
export interface CreditAccountIn extends ChargeInput {
  companyId: number;
}

/** POST /billing/{companyId}/credit (creditAccount): add to the balance (admins). */
export function creditAccount(api: ApiClient, input: CreditAccountIn, signal?: AbortSignal): Promise<components['schemas']['MoneyResult']> {
  const { companyId, ...body } = input;
  const path = { companyId };
  return unwrap(api.POST('/billing/{companyId}/credit', { params: { path }, body, signal }), ''); // the view names the amount
}

export function useCreditAccount() {
  const api = useApi();
  return useMutation(billingMutationOptions(useQueryClient(), useActingAs(), (input: CreditAccountIn) => creditAccount(api, input)));
}
