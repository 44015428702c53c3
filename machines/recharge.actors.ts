import { fromPromise } from 'xstate';
import { deactivateRecharge } from '../src/api/billing/deactivate-recharge';
import { setRecurring } from '../src/api/billing/set-recurring';
import { setSubscription } from '../src/api/billing/set-subscription';
import type { ApiClient } from '../src/api/client';
import { orRefusal } from '../src/api/errors';
import type { RechargeSetup } from '../src/domain/billing/recharge';
import type { RechargeOutcome } from './recharge.machine';

/**
 * The recharge machine's calls, through the data layer: continuous billing to /recurring, a
 * monthly subscription to /subscription (super admins), deactivation to /deactivate. A 4xx
 * comes back as a refusal carrying the server's text and field errors; a 5xx or a lost
 * network throws.
 */
export function rechargeActors(api: ApiClient) {
  return {
    saveRecharge: fromPromise<RechargeOutcome, { companyId: number; setup: RechargeSetup }>(({ input, signal }) => {
      const s = input.setup;
      const body = {
        type: s.type,
        chargeAmount: s.chargeCents,
        ...(s.type === 'ct' ? { withdrawalThreshold: s.thresholdCents } : {}),
        effectiveDate: s.effectiveDate,
        ctCards: [...s.cardIds],
      };
      const save = s.type === 'subscription' ? setSubscription : setRecurring;
      return orRefusal(save(api, input.companyId, body, signal).then(() => ({ ok: true as const })));
    }),
    deactivateRecharge: fromPromise<RechargeOutcome, { companyId: number }>(({ input, signal }) =>
      orRefusal(deactivateRecharge(api, input.companyId, signal).then(() => ({ ok: true as const }))),
    ),
  };
}
