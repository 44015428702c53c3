import type { AppContext } from '../../context';
import type { DeliveryDeps } from './send';

export { deliverLead, sendTestLead, webhookBody, type DeliveryDeps, type DeliveryOutcome, type TestLeadResult } from './send';
export { placeTestCall, type TestCallResult } from './test-call';
export { createSandboxTelephony, type Telephony } from './telephony';
export { testLead, type DeliverableLead } from './lead';

/** The senders' dependencies from the app's context. */
export const deliveryDeps = (ctx: AppContext): DeliveryDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  smtp: ctx.config.smtpUrl !== null,
  webhookTimeoutMs: ctx.config.deliveryTimeoutMs,
  allowPrivateHosts: ctx.config.deliveryAllowPrivateHosts,
});
