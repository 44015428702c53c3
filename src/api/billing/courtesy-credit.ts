import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingMutationOptions } from './changed';

type CourtesyInput = components['schemas']['CourtesyInput'];
export interface CourtesyCreditIn extends CourtesyInput {
  userId: number;
}

/** POST /courtesy-credit/credit/{userId} (courtesyCredit): a courtesy credit to the user's company. */
export function courtesyCredit(api: ApiClient, input: CourtesyCreditIn, signal?: AbortSignal): Promise<components['schemas']['MoneyResult']> {
  const { userId, ...body } = input;
  const path = { userId };
  return unwrap(api.POST('/courtesy-credit/credit/{userId}', { params: { path }, body, signal }), ''); // the view names the amount
}

export function useCourtesyCredit() {
  const api = useApi();
  return useMutation(billingMutationOptions(useQueryClient(), useActingAs(), (input: CourtesyCreditIn) => courtesyCredit(api, input)));
}
