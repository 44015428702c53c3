export { authenticateVendor, sweepVendorCounts } from './vendor-auth';
export { ping, post, pingPost, callMatch, callPost, type Refusal } from './flows';
export { breakdown, leadSale } from './breakdown';
export { runDeliveries } from './delivery-worker';
export type { LeadContact } from './sale';
