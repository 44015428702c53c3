export { authenticateVendor, sweepVendorCounts, tokenOf } from './vendor-auth';
export { ping, post, pingPost, callMatch, callPost, type Refusal, type PingAnswer, type SaleAnswer, type CallMatchAnswer, type CallPostAnswer } from './flows';
export { breakdown, leadSale, type Breakdown, type LeadSaleRow } from './breakdown';
export { runDeliveries, deliveryBackoffMs, DELIVERY_MAX_ATTEMPTS } from './delivery-worker';
export type { LeadContact } from './sale';
