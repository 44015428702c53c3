import type { AppContext } from '../../context';
import type { DeliveryDeps } from './send';

export { channelAccount, deliverLead, postToChannel, sendTestLead, type DeliveryDeps } from './send';
export { placeTestCall } from './test-call';
export type { Telephony } from './telephony';
export type { DeliverableLead } from './lead';

/** The senders' dependencies from the app's context. */
export const deliveryDeps = (ctx: AppContext): DeliveryDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  smtp: ctx.config.smtpUrl !== null,
  webhookTimeoutMs: ctx.config.deliveryTimeoutMs,
  allowPrivateHosts: ctx.config.deliveryAllowPrivateHosts,
});
