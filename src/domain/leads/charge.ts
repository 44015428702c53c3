/**
 * What a lead row cost its buyer. A lead is charged when it is sold; a live call's lead
 * is written when the call connects, and the call is charged only once it reaches the
 * order's billable duration (services/calls/progress.ts): until it ends it may still be,
 * and a call that ended short of it, or was not answered, cost nothing.
 */
export type LeadCharge = { kind: 'charged' | 'pending' | 'not_charged'; cents: number };

const LIVE = new Set(['pending-connection', 'in-progress']);

export function leadCharge(l: { product: string; price: number; callStatus: string | null; callSold: boolean | null }): LeadCharge {
  if (l.product !== 'calls' || l.callSold === null || l.callSold) return { kind: 'charged', cents: l.price };
  return { kind: l.callStatus !== null && LIVE.has(l.callStatus) ? 'pending' : 'not_charged', cents: l.price };
}

/** The bid info text of the lead details (document 002 section 9). */
export const BID_INFO = 'MAX Bid is the max bid for a lead, Bid Price is the actual purchase price, Paid Price is the cost after subsidies.';
