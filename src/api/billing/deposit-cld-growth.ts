import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingMutationOptions } from './changed';

type DepositInput = components['schemas']['DepositInput'];
export interface DepositCldGrowthIn extends DepositInput {
  companyId: number;
}

/** POST /billing/{companyId}/deposit-cld-growth (depositCldGrowth): charge a card into the growth funds. */
export function depositCldGrowth(api: ApiClient, input: DepositCldGrowthIn, signal?: AbortSignal): Promise<components['schemas']['MoneyResult']> {
  const { companyId, ...body } = input;
  const path = { companyId };
  return unwrap(api.POST('/billing/{companyId}/deposit-cld-growth', { params: { path }, body, signal }), ''); // no server message: the view names the amount
}

export function useDepositCldGrowth() {
  const api = useApi();
  return useMutation(billingMutationOptions(useQueryClient(), useActingAs(), (input: DepositCldGrowthIn) => depositCldGrowth(api, input)));
}
