/**
 * Which orders a match reads the moving facts of (caps used, balance, live calls): the
 * best bidders only. The orders of the lead's area come in bid order, highest first (the
 * order book keeps them sorted), and the rules of their own settings are checked as the
 * walk reaches each one; the top of the orders still standing is read and decided.
 *
 * A tie of bids goes to the order that has waited longest since its last sale, a moving
 * fact. The book keeps, per order, a time it has waited since at least (its last sale
 * known, or its creation: `waitingSince` only moves forward), so a run of equal bids is
 * walked by that bound (`tieWalk`), and a shortlist may end inside the run: the unread
 * orders of the run rank below every order read as long as their bound comes after every
 * read order's actual time. Every order left unread then ranks below every order read,
 * so once the decision has its winners and an eligible losing bid that sets their price,
 * the unread orders are outbid whatever their caps or settings say, and the winners and
 * prices are those reading them all would give. When it has not, more of the walk is
 * read. Orders never reached get no outcome in the decision: `unreadOutcome` says what
 * they count as, when someone asks.
 */
import type { Outcome } from './rules';
import { bidOf } from './auction';
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

/** The next shortlist: `size` more orders of the walk (a run of equal bids may go on past it: see `tieWalk`). */
export function takeShortlist<T extends Ranked>(walk: RankedWalk<T>, size: number): T[] {
  const out: T[] = [];
  const want = Math.max(1, size);
  while (out.length < want) {
    const o = walk.next();
    if (!o) break;
    out.push(o);
  }
  return out;
}

/** A walk whose runs of equal bids come longest-waiting first, as far as the book knows. */
export interface TieWalk<T extends Ranked> extends RankedWalk<T> {
  /**
   * The bound the next order was placed by, when it belongs to a run of equal bids already
   * begun (undefined when the next order starts a run: it bids less than every order taken).
   */
  headWaitingAtLeast(): number | undefined;
  /** The orders of the run begun that were never taken (the rest of the walk is the inner walk's). */
  forEachLeft(each: (o: T) => void): void;
}

/**
 * `walk` with each run of equal bids taken whole from it when the run begins and given out
 * by `waitingAtLeast` (a lower bound of the order's waitingSince: earliest first), then the
 * lower order id; the bounds are read once, when the run begins.
 */
export function tieWalk<T extends Ranked>(walk: RankedWalk<T>, waitingAtLeast: (o: T) => number): TieWalk<T> {
  let run: Array<{ o: T; at: number }> = [];
  let i = 0;
  const begin = (): void => {
    if (i < run.length) return;
    const first = walk.next();
    run = [];
    i = 0;
    if (!first) return;
    run.push({ o: first, at: waitingAtLeast(first) });
    while (walk.peek()?.bidCents === first.bidCents) {
      const o = walk.next()!;
      run.push({ o, at: waitingAtLeast(o) });
    }
    if (run.length > 1) run.sort((x, y) => x.at - y.at || x.o.orderId - y.o.orderId);
  };
  return {
    peek: () => (i < run.length ? run[i].o : walk.peek()),
    next: () => {
      begin();
      return i < run.length ? run[i++].o : undefined;
    },
    headWaitingAtLeast: () => (i < run.length ? run[i].at : undefined),
    forEachLeft: (each) => {
      for (let k = i; k < run.length; k++) each(run[k].o);
    },
  };
}

/**
 * Does every order left in the walk rank below every order read? Its next order starts a
 * run (a lower bid), or comes after each read order of its bid by the tie-break: a bound
 * (and then order id) past that order's actual waitingSince, so its own time, which is at
 * least its bound, is too; the run's later orders have later bounds still.
 */
export function unreadRankBelow<T extends Ranked>(walk: TieWalk<T>, read: readonly Candidate[]): boolean {
  const next = walk.peek();
  const at = walk.headWaitingAtLeast();
  if (!next || at === undefined) return true;
  return read.every((c) => bidOf(c) !== next.bidCents || c.waitingSince < at || (c.waitingSince === at && c.orderId < next.orderId));
}

/**
 * Is a decision over what was read final? Yes when nothing is left to read, or when an
 * order read and eligible lost (the winners are full and their price is set by a bid at
 * least as high as any unread one) and the unread orders rank below every order read.
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
export async function decideByShortlist<T extends Ranked>(walk: TieWalk<T>, read: (shortlist: T[]) => Promise<Candidate[] | null>,
  lead: LeadFacts, now: Date): Promise<Decision | null> {
  const candidates: Candidate[] = [];
  let size = SHORTLIST_FIRST;
  for (;;) {
    const got = await read(takeShortlist(walk, size));
    if (got === null) return null;
    candidates.push(...got);
    size *= 2;
    const decision = decide(candidates, lead, now);
    if (isSettled(decision, walk.peek() !== undefined) && unreadRankBelow(walk, candidates)) return decision;
  }
}
