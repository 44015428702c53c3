import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingMutationOptions } from './changed';

export type DepositInput = components['schemas']['DepositInput'];
export interface DepositIn extends DepositInput {
  companyId: number;
}

/** POST /billing/{companyId}/deposit (deposit): charge a card into the balance. */
export function deposit(api: ApiClient, input: DepositIn, signal?: AbortSignal): Promise<components['schemas']['MoneyResult']> {
  const { companyId, ...body } = input;
  const path = { companyId };
  return unwrap(api.POST('/billing/{companyId}/deposit', { params: { path }, body, signal }), ''); // no server message: the view names the amount
}

export function useDeposit() {
  const api = useApi();
  return useMutation(billingMutationOptions(useQueryClient(), useActingAs(), (input: DepositIn) => deposit(api, input)));
}
