import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { BILLING_DESIGNED_MSG } from '../../domain/billing/messages';

/** POST /billing/{companyId}/deactivate (deactivateRecharge): automatic recharge stops. */
export const deactivateRecharge = (api: ApiClient, companyId: number, signal?: AbortSignal) =>
  unwrap(api.POST('/billing/{companyId}/deactivate', { params: { path: { companyId } }, signal }), BILLING_DESIGNED_MSG.deactivateFailed);
