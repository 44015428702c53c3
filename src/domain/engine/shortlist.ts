/**
 * Which orders a match reads the moving facts of (caps used, balance, live calls): the
 * best bidders only. The orders of the lead's area come in bid order, highest first (the
 * order book keeps them sorted), and the rules of their own settings are checked as the
 * walk reaches each one; the top of the orders still standing is read and decided. Every
 * order left unread bids strictly less than every order read (a shortlist never ends
 * inside a run of equal bids), so once the decision has its winners and an eligible
 * losing bid that sets their price, the unread orders are outbid whatever their caps or
 * settings say, and the winners and prices are those reading them all would give. When it
 * has not, more of the walk is read. Orders never reached get no outcome in the decision:
 * `unreadOutcome` says what they count as, when someone asks.
 */
import type { Outcome } from './rules';
import { decide, type Candidate, type Decision } from './decide';
import type { LeadFacts } from './filters';

export interface Ranked {
  orderId: number;
  buyer: number;
  bidCents: number;
}

/** The first shortlist's length: winners of a shared lead, the price-setting bid and room for some exclusions. */
export const SHORTLIST_FIRST = 8;

/** The book's order: highest bid first, then the lower order id (a total order, so two walks of one area agree). */
export const rankOrder = (a: Ranked, b: Ranked): number => b.bidCents - a.bidCents || a.orderId - b.orderId;

/** Highest bid first. */
export const byBid = <T extends Ranked>(list: readonly T[]): T[] => [...list].sort(rankOrder);

/** Orders in rankOrder, taken one at a time; `peek` looks at the next without taking it. */
export interface RankedWalk<T extends Ranked> {
  peek(): T | undefined;
  next(): T | undefined;
}

/** A walk over a list already in rankOrder. */
export function walkOf<T extends Ranked>(ranked: readonly T[]): RankedWalk<T> & { taken(): number } {
  let i = 0;
  return { peek: () => ranked[i], next: () => ranked[i++], taken: () => Math.min(i, ranked.length) };
}

/** The next shortlist: `size` more orders of the walk, extended over every order bidding the same as the last one taken. */
export function takeShortlist<T extends Ranked>(walk: RankedWalk<T>, size: number): T[] {
  const out: T[] = [];
  const want = Math.max(1, size);
  while (out.length < want) {
    const o = walk.next();
    if (!o) break;
    out.push(o);
  }
  const last = out.at(-1);
  while (last && walk.peek()?.bidCents === last.bidCents) out.push(walk.next()!);
  return out;
}

/**
 * Is a decision over what was read final? Yes when nothing is left to read, or when an
 * order read and eligible lost: the winners are full and their price is set by a bid at
 * least as high as any unread one.
 */
export function isSettled(decision: Decision, moreToRead: boolean): boolean {
  if (!moreToRead) return true;
  for (const o of decision.outcomes.values()) if (o.outcome === 'outbid') return true;
  return false;
}

/**
 * What an order the walk never reached counts as, by its company: 'same_buyer' when an
 * order of the same company took part in the auction, else 'outbid' (it bid less than
 * every order read).
 */
export function unreadOutcome(decision: Decision, buyers: ReadonlyMap<number, number>): (buyer: number) => UnreadOutcome {
  const inAuction = new Set<number>();
  for (const [orderId, o] of decision.outcomes) if (tookPart(o.outcome)) inAuction.add(buyers.get(orderId)!);
  return (buyer) => unreadAs(inAuction.has(buyer));
}

/** Did an order with this outcome take part in the auction (and so make its company's unread orders same_buyer)? */
export const tookPart = (o: Outcome): boolean => o === 'won' || o === 'outbid' || o === 'sold';
/** An unread order's outcome, by whether its company took part in the auction. */
export const unreadAs = (companyTookPart: boolean): UnreadOutcome => (companyTookPart ? 'same_buyer' : 'outbid');
export type UnreadOutcome = Extract<Outcome, 'outbid' | 'same_buyer'>;

/**
 * Decide over the walk reading shortlists until the decision is settled. `read` gives the
 * candidates of a shortlist, or null when what it read is stale (the caller starts
 * again): then so does this. The decision's outcomes are those of the orders reached.
 */
export async function decideByShortlist<T extends Ranked>(walk: RankedWalk<T>, read: (shortlist: T[]) => Promise<Candidate[] | null>,
  lead: LeadFacts, now: Date): Promise<Decision | null> {
  const candidates: Candidate[] = [];
  let size = SHORTLIST_FIRST;
  for (;;) {
    const got = await read(takeShortlist(walk, size));
    if (got === null) return null;
    candidates.push(...got);
    size *= 2;
    const decision = decide(candidates, lead, now);
    if (isSettled(decision, walk.peek() !== undefined)) return decision;
  }
}
