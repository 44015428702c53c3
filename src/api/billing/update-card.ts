import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingMutationOptions } from './changed';

export interface UpdateCardIn {
  companyId: number;
  cardId: number;
  billingPriority?: number;
  autoBillingEligible?: boolean;
}

/** PATCH /billing/{companyId}/cards/{cardId} (updateCard): priority or auto-billing eligibility. */
export function updateCard(api: ApiClient, input: UpdateCardIn, signal?: AbortSignal): Promise<components['schemas']['BillingCompany']> {
  const { companyId, cardId, ...body } = input;
  const path = { companyId, cardId };
  return unwrap(api.PATCH('/billing/{companyId}/cards/{cardId}', { params: { path }, body, signal }));
}

export function useUpdateCard() {
  const api = useApi();
  return useMutation(billingMutationOptions(useQueryClient(), useActingAs(), (input: UpdateCardIn) => updateCard(api, input)));
}
