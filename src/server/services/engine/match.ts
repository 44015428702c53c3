import { byBid, closestRule, decideByShortlist, firstStandingRule, hourStart, type Decision, type RuleKey } from '../../../domain/engine';
import type { Queryable } from '../../db/db';
import type { BookOrder, OrderBook } from './book';
import { toCandidates, type Asked } from './candidates';
import { movingFacts, type OrderFactsRow } from './facts';

export interface Matched {
  decision: Decision;
  /** Every order considered (its company: a call's holder). */
  inArea: BookOrder[];
  /** The facts of the orders read (their recharge setting serves a short balance). */
  rows: OrderFactsRow[];
}

/**
 * The ping path's decision (docs/areas/engine.md "The ping path"): the orders of the lead's area come
 * from the order book in memory, the rules of their own settings are applied there, and
 * only the best bidders' moving facts are read (domain/engine/shortlist.ts), in one
 * statement that also reads the book's version: a book older than the database is
 * reloaded and the match starts again. `left`: orders already excluded under a sale's
 * locks, with their rule.
 */
export async function match(db: Queryable, books: OrderBook, a: Asked, left: ReadonlyMap<number, RuleKey> = new Map()): Promise<Matched> {
  let book = await books.current(db);
  for (;;) {
    const inArea = book.ordersIn({ vertical: a.lead.vertical, product: a.product, zip: a.lead.zipcode, state: a.lead.state });
    const excluded: Decision['outcomes'] = new Map();
    const standing: BookOrder[] = [];
    for (const o of inArea) {
      const rule = left.get(o.id) ?? firstStandingRule(o.standing, o.vendors.has(a.vendorId), a.lead, a.now);
      if (rule) excluded.set(o.id, { outcome: rule, bidCents: null, priceCents: null });
      else standing.push(o);
    }
    const rows: OrderFactsRow[] = [];
    let newer: string | null = null;
    const decision = await decideByShortlist(byBid(standing), async (shortlist) => {
      const moving = await movingFacts(db, { now: a.now, hour: hourStart(a.now), orderIds: shortlist.map((o) => o.id) });
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
    return { decision, inArea, rows };
  }
}
