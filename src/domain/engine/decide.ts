/**
 * One matching decision: the rules for every order considered, then the auction among
 * the eligible ones; a winner whose company cannot pay its price is excluded ('balance')
 * and the auction runs again without it, so prices stay the rule's.
 */
import { auction, bidOf } from './auction';
import type { LeadFacts } from './filters';
import { canPay, firstExcludingRule, RULES, type OrderFacts, type Outcome } from './rules';

export interface Candidate {
  orderId: number;
  /** The buying company: one order per company wins a lead. */
  buyer: number;
  facts: OrderFacts;
  maxBidCents: number;
  customPriceCents: number | null;
  waitingSince: number;
  availableCents: number;
  /** The package's buyers per lead (1: exclusive). */
  maxBuyers: number;
}

export interface Decision {
  /** Every order considered, with its outcome and (when it bid) its bid and price. */
  outcomes: Map<number, { outcome: Outcome; bidCents: number | null; priceCents: number | null }>;
  winners: Array<{ orderId: number; buyer: number; bidCents: number; priceCents: number }>;
  /** When nothing matched: the rule of the order that came closest (the latest rule in RULES' order), or no_orders. */
  reason: string | null;
}

export function decide(candidates: readonly Candidate[], lead: LeadFacts, now: Date): Decision {
  const outcomes: Decision['outcomes'] = new Map();
  let eligible: Candidate[] = [];
  for (const c of candidates) {
    const rule = firstExcludingRule(c.facts, lead, now);
    // A duplicate keeps its bid: what the order would have paid is the dashboard's scrubbed cost.
    if (rule) outcomes.set(c.orderId, { outcome: rule, bidCents: rule === 'duplicate' ? bidOf(c) : null, priceCents: null });
    else eligible.push(c);
  }
  const bids = (list: Candidate[]) => list.map((c) => ({ orderId: c.orderId, buyer: c.buyer, bidCents: bidOf(c), waitingSince: c.waitingSince }));
  for (;;) {
    const ranked = auction(bids(eligible), 1, 0);
    const top = eligible.find((c) => c.orderId === ranked.winners[0]?.orderId);
    const slots = top?.maxBuyers ?? 1;
    const base = top?.facts.baseCostCents ?? 0;
    const result = auction(bids(eligible), slots, base);
    const short = result.winners.filter((w) => !canPay(eligible.find((c) => c.orderId === w.orderId)!.availableCents, w.priceCents));
    if (short.length > 0) {
      for (const w of short) outcomes.set(w.orderId, { outcome: 'balance', bidCents: w.bidCents, priceCents: w.priceCents });
      const out = new Set(short.map((w) => w.orderId));
      eligible = eligible.filter((c) => !out.has(c.orderId));
      continue;
    }
    for (const w of result.winners) outcomes.set(w.orderId, { outcome: 'won', bidCents: w.bidCents, priceCents: w.priceCents });
    const bidOfId = new Map(eligible.map((c) => [c.orderId, bidOf(c)]));
    for (const id of result.outbid) outcomes.set(id, { outcome: 'outbid', bidCents: bidOfId.get(id)!, priceCents: null });
    for (const id of result.sameBuyer) outcomes.set(id, { outcome: 'same_buyer', bidCents: bidOfId.get(id)!, priceCents: null });
    return { outcomes, winners: result.winners, reason: result.winners.length ? null : closestRule(outcomes) };
  }
}

/** The rule of the order that came closest to winning (the latest in RULES' order), or no_orders. */
export function closestRule(outcomes: Decision['outcomes']): string {
  let best = -1;
  for (const { outcome } of outcomes.values()) best = Math.max(best, (RULES as readonly string[]).indexOf(outcome));
  return best < 0 ? 'no_orders' : RULES[best];
}
