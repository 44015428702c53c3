import { fromPromise } from 'xstate';
import type { ApiClient } from '../src/api/client';
import { unwrap, type ApiError } from '../src/api/errors';
import { BILLING_DESIGNED_MSG, BILLING_MSG } from '../src/domain/billing/messages';
import type { RechargeSetup } from '../src/domain/billing/recharge';
import type { RechargeOutcome } from './recharge.machine';

/**
 * The recharge machine's API calls: continuous billing posts to /recurring, a monthly
 * subscription to /subscription (super admins), deactivation to /deactivate. A 4xx comes
 * back as a refusal carrying the server's error field; a 5xx or a lost network throws.
 */
export function rechargeActors(api: ApiClient) {
  return {
    saveRecharge: fromPromise<RechargeOutcome, { companyId: number; setup: RechargeSetup }>(async ({ input, signal }) => {
      const s = input.setup;
      const body = {
        type: s.type,
        chargeAmount: s.chargeCents,
        ...(s.type === 'ct' ? { withdrawalThreshold: s.thresholdCents } : {}),
        effectiveDate: s.effectiveDate,
        ctCards: [...s.cardIds],
      };
      const params = { path: { companyId: input.companyId } };
      const res =
        s.type === 'subscription'
          ? await api.POST('/billing/{companyId}/subscription', { params, body, signal })
          : await api.POST('/billing/{companyId}/recurring', { params, body, signal });
      return res.response.ok ? { ok: true } : refusal(res, BILLING_MSG.rechargeFailed);
    }),
    deactivateRecharge: fromPromise<RechargeOutcome, { companyId: number }>(async ({ input, signal }) => {
      const res = await api.POST('/billing/{companyId}/deactivate', { params: { path: { companyId: input.companyId } }, signal });
      return res.response.ok ? { ok: true } : refusal(res, BILLING_DESIGNED_MSG.deactivateFailed);
    }),
  };
}

async function refusal(res: { response: Response; error?: unknown }, fallback: string): Promise<RechargeOutcome> {
  if (res.response.status >= 500) throw new Error(`${res.response.url} answered ${res.response.status}`);
  // unwrap turns the error body into an ApiError (message and field errors).
  const e = (await unwrap(Promise.resolve(res), fallback).catch((err: ApiError) => err)) as ApiError;
  return { ok: false, message: e.message, ...(e.errors.length ? { errors: e.errors } : {}) };
}
