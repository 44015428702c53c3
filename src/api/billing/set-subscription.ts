import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { BILLING_MSG } from '../../domain/billing/messages';
import type { RecurringSetup } from './set-recurring';

/** POST /billing/{companyId}/subscription (setSubscription): a monthly charge from the effective date (super admins). */
export const setSubscription = (api: ApiClient, companyId: number, body: RecurringSetup, signal?: AbortSignal) =>
  unwrap(api.POST('/billing/{companyId}/subscription', { params: { path: { companyId } }, body, signal }), BILLING_MSG.rechargeFailed);
