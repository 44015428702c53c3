/**
 * Which orders a match reads the moving facts of (caps used, balance, live calls): the
 * best bidders only. The orders still standing after the rules of their own settings are
 * ranked by bid; the top of the list is read and decided. Every order left unread bids
 * strictly less than every order read (a shortlist never ends inside a run of equal
 * bids), so once the decision has its winners and an eligible losing bid that sets their
 * price, the unread orders are outbid whatever their caps say, and the decision is the
 * one reading them all would give. When it has not, more of the list is read.
 */
import { decide, type Candidate, type Decision } from './decide';
import type { LeadFacts } from './filters';

export interface Ranked {
  orderId: number;
  buyer: number;
  bidCents: number;
}

/** The first shortlist's length: winners of a shared lead, the price-setting bid and room for some exclusions. */
export const SHORTLIST_FIRST = 8;

/** Highest bid first (ties in any order: a shortlist takes a tie whole). */
export const byBid = <T extends Ranked>(list: readonly T[]): T[] => [...list].sort((a, b) => b.bidCents - a.bidCents);

/**
 * Where the next shortlist ends: `size` more orders from `from`, extended over every
 * order bidding the same as the last one taken. `ranked` is sorted by byBid.
 */
export function shortlistEnd(ranked: readonly Ranked[], from: number, size: number): number {
  let end = Math.min(ranked.length, from + Math.max(1, size));
  while (end < ranked.length && ranked[end].bidCents === ranked[end - 1].bidCents) end += 1;
  return end;
}

/**
 * Is a decision over a shortlist final? Yes when nothing is left unread, or when an
 * order read and eligible lost: the winners are full and their price is set by a bid
 * at least as high as any unread one.
 */
export function isSettled(decision: Decision, unread: number): boolean {
  if (unread === 0) return true;
  for (const o of decision.outcomes.values()) if (o.outcome === 'outbid') return true;
  return false;
}

/**
 * The outcomes of the orders left unread, added to a settled decision: 'same_buyer' when
 * an order of the same company took part in the auction, else 'outbid', with its bid.
 */
export function settleUnread(decision: Decision, read: readonly Ranked[], unread: readonly Ranked[]): void {
  const inAuction = new Set<number>();
  for (const r of read) {
    const o = decision.outcomes.get(r.orderId)?.outcome;
    if (o === 'won' || o === 'outbid') inAuction.add(r.buyer);
  }
  for (const u of unread) {
    decision.outcomes.set(u.orderId, { outcome: inAuction.has(u.buyer) ? 'same_buyer' : 'outbid', bidCents: u.bidCents, priceCents: null });
  }
}

/**
 * Decide over `ranked` (sorted by byBid) reading shortlists until the decision is
 * settled, then settle the unread. `read` gives the candidates of a shortlist, or null
 * when what it read is stale (the caller starts again): then so does this.
 */
export async function decideByShortlist<T extends Ranked>(ranked: readonly T[], read: (shortlist: T[]) => Promise<Candidate[] | null>,
  lead: LeadFacts, now: Date): Promise<Decision | null> {
  const candidates: Candidate[] = [];
  let done = 0;
  let size = SHORTLIST_FIRST;
  for (;;) {
    const end = shortlistEnd(ranked, done, size);
    const got = await read(ranked.slice(done, end));
    if (got === null) return null;
    candidates.push(...got);
    done = end;
    size *= 2;
    const decision = decide(candidates, lead, now);
    if (isSettled(decision, ranked.length - done)) {
      settleUnread(decision, ranked.slice(0, done), ranked.slice(done));
      return decision;
    }
  }
}
