import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { billingMutationOptions } from './changed';

export interface RemoveCardIn {
  companyId: number;
  cardId: number;
}

/** DELETE /billing/{companyId}/cards/{cardId} (removeCard): 422 code card_required when it is the last auto-billing card. */
export function removeCard(api: ApiClient, { companyId, cardId }: RemoveCardIn, signal?: AbortSignal): Promise<{ message: string; lastFour: string }> {
  return unwrap(api.DELETE('/billing/{companyId}/cards/{cardId}', { params: { path: { companyId, cardId } }, signal }), 'Unable to remove card');
}

export function useRemoveCard() {
  const api = useApi();
  return useMutation(billingMutationOptions(useQueryClient(), useActingAs(), (input: RemoveCardIn) => removeCard(api, input)));
}
