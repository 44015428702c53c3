import { closestRule, decideByShortlist, firstStandingRule, hourStart, tieWalk, unreadOutcome, type Decision, type RankedWalk, type RuleKey, type UnreadOutcome } from '../../../domain/engine';
import type { Queryable } from '../../db/db';
import type { AreaWalk, BookOrder, OrderBook } from './book';
import { toCandidates, type Asked } from './candidates';
import type { MovingReads, OrderFactsRow } from './facts';

export interface Matched {
  /** The outcomes of the orders the walk reached (the rules of their own settings, or read and decided). */
  decision: Decision;
  /** The facts of the orders read (their company; their recharge setting serves a short balance). */
  rows: OrderFactsRow[];
  /** The orders the walk never reached (ranking below every order read): walked once, when counted. */
  unread: Pick<AreaWalk, 'forEachUnread'>;
  /** What an unread order counts as, by its company (outbid, or same_buyer). */
  unreadOutcome: (companyId: number) => UnreadOutcome;
}

/**
 * The orders of the walk that pass the rules of their own settings; those that do not are
 * recorded in `excluded` as the walk passes them (`left`: excluded under a sale's locks).
 */
function standingWalk(area: AreaWalk, a: Asked, left: ReadonlyMap<number, RuleKey>, excluded: Decision['outcomes']): RankedWalk<BookOrder> {
  // The head found standing, so a peek and the next take check it once.
  let standing: BookOrder | undefined;
  const head = (): BookOrder | undefined => {
    for (let o = area.peek(); o; o = area.peek()) {
      if (o === standing) return o;
      const rule = left.get(o.id) ?? firstStandingRule(o.standing, o.vendors.has(a.vendorId), a.lead, a.now);
      if (!rule) return (standing = o);
      excluded.set(o.id, { outcome: rule, bidCents: null, priceCents: null });
      area.next();
    }
    return undefined;
  };
  return { peek: head, next: () => (head() ? area.next() : undefined) };
}

/**
 * The ping path's decision (docs/areas/engine.md "The ping path"): the orders of the lead's
 * area are walked from the order book in memory, best bid first; the rules of an order's
 * own settings are applied as the walk reaches it, and only the best bidders' moving facts
 * are read (domain/engine/shortlist.ts), in one statement that also reads the book's
 * version: a book older than the database is reloaded and the match starts again. The
 * walk stops once the decision is settled: its work follows the shortlist, not the area.
 * Matches made at once share that statement (`moving`).
 */
export async function match(db: Queryable, engine: { book: OrderBook; moving: MovingReads }, a: Asked,
  left: ReadonlyMap<number, RuleKey> = new Map()): Promise<Matched> {
  const books = engine.book;
  let book = books.latest ?? await books.current(db);
  for (;;) {
    const area = book.walkIn({ vertical: a.lead.vertical, product: a.product, zip: a.lead.zipcode, state: a.lead.state });
    const excluded: Decision['outcomes'] = new Map();
    const rows: OrderFactsRow[] = [];
    let newer: string | null = null;
    const walk = tieWalk(standingWalk(area, a, left, excluded), (o) => books.waitingAtLeast(o.id));
    const decision = await decideByShortlist(walk, async (shortlist) => {
      const moving = await engine.moving.read({ now: a.now, hour: hourStart(a.now), orderIds: shortlist.map((o) => o.id) });
      for (const r of moving.rows) books.sawWaiting(r.id, r.waiting_since);
      // A statement after the book's load sees its version or a later one.
      if (BigInt(moving.version) > BigInt(book.version)) {
        newer = moving.version;
        return null;
      }
      const byId = new Map(moving.rows.map((r) => [r.id, r]));
      const read = shortlist.map((o) => ({ ...o, ...byId.get(o.id)!, vendor_ok: true }));
      rows.push(...read);
      return toCandidates(db, read, a);
    }, a.lead, a.now);
    if (!decision) {
      book = await books.reload(db, newer);
      continue;
    }
    for (const [id, o] of excluded) decision.outcomes.set(id, o);
    if (decision.winners.length === 0) decision.reason = closestRule(decision.outcomes);
    // The rest of a run of equal bids begun is the tie walk's; the walk's own rest, the area's.
    const unread = { forEachUnread: (each: (id: number, companyId: number) => void) => {
      walk.forEachLeft((o) => each(o.id, o.company_id));
      area.forEachUnread(each);
    } };
    return { decision, rows, unread, unreadOutcome: unreadOutcome(decision, new Map(rows.map((r) => [r.id, r.company_id]))) };
  }
}
