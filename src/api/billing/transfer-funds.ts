import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingMutationOptions } from './changed';

export interface TransferFundsIn {
  companyId: number;
  amount: number;
  toCompanyId: number;
  note?: string;
  idempotencyKey?: string;
}

/** POST /billing/{companyId}/transfer (transferFunds): move funds to another company (admins). */
export function transferFunds(api: ApiClient, input: TransferFundsIn, signal?: AbortSignal): Promise<components['schemas']['MoneyResult']> {
  const { companyId, ...body } = input;
  const path = { companyId };
  return unwrap(api.POST('/billing/{companyId}/transfer', { params: { path }, body, signal }), 'Unable to transfer funds');
}

export function useTransferFunds() {
  const api = useApi();
  return useMutation(billingMutationOptions(useQueryClient(), useActingAs(), (input: TransferFundsIn) => transferFunds(api, input)));
}
