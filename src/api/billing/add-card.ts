import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { BILLING_DESIGNED_MSG } from '../../domain/billing/messages';
import { unwrap } from '../errors';
import { billingMutationOptions } from './changed';

export type NewCard = components['schemas']['NewCard'];
export interface AddCardIn extends NewCard {
  companyId: number;
}

/** POST /billing/{companyId}/cards (addCard): the gateway tokenises the card; the record comes back. */
export function addCard(api: ApiClient, input: AddCardIn, signal?: AbortSignal): Promise<components['schemas']['BillingCompany']> {
  const { companyId, ...body } = input;
  const path = { companyId };
  return unwrap(api.POST('/billing/{companyId}/cards', { params: { path }, body, signal }), BILLING_DESIGNED_MSG.cardAddFailed);
}

export function useAddCard() {
  const api = useApi();
  return useMutation(billingMutationOptions(useQueryClient(), useActingAs(), (input: AddCardIn) => addCard(api, input)));
}
