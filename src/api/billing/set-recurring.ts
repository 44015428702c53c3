import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { BILLING_MSG } from '../../domain/billing/messages';

export type RecurringSetup = components['schemas']['RecurringSetup'];

/** POST /billing/{companyId}/recurring (setRecurring): charged when the balance falls below the threshold. */
export const setRecurring = (api: ApiClient, companyId: number, body: RecurringSetup, signal?: AbortSignal) =>
  unwrap(api.POST('/billing/{companyId}/recurring', { params: { path: { companyId } }, body, signal }), BILLING_MSG.rechargeFailed);
