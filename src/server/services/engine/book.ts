import { Map as PMap } from 'immutable';
import { rankOrder, type Ranked, type RankedWalk, type StandingFacts } from '../../../domain/engine';
import type { Product, Vertical } from '../../../domain/orders/types';
import { statement, type Queryable } from '../../db/db';
import type { MovingRow, OrderFactsRow } from './facts';

/**
 * What the book holds of an order: its own settings, which move only when someone edits
 * it (or its agent's time zone), and what a match asks of them, made once: the standing
 * rules' facts and its place in the ranking (its company and bid). Its package's price
 * and buyers and its company's hourly cap are read with the moving facts instead: they
 * belong to many orders at once, and a change to one of them would reload the book whole.
 */
export type BookOrder = Omit<OrderFactsRow, MovingKey | 'vendor_ok'> & Ranked & {
  vertical: Vertical;
  product: Product;
  vendors: ReadonlySet<number>;
  standing: StandingFacts;
};
type MovingKey = Exclude<keyof MovingRow, 'id'>;

/** The book's row of each order reached through `from` (which names the order `o`). */
const orderRows = (from: string) => `SELECT o.id, o.company_id, o.user_id, o.package_id, o.name, o.status = 'active' AS active, o.vertical, o.product,
  o.cap_daily, o.cap_weekly, o.cap_monthly, o.max_bid_cents, o.custom_price_cents, o.schedule, o.filters,
  o.max_concurrent_calls, o.order_group_id, u.timezone,
  (extract(epoch FROM coalesce(o.last_sold_at, o.created_at)) * 1000)::float8 AS waiting_at_least,
  ARRAY(SELECT a.area FROM order_areas a WHERE a.order_id = o.id) AS areas,
  ARRAY(SELECT ov.vendor_id FROM order_vendors ov WHERE ov.order_id = o.id) AS vendor_ids
  FROM ${from} JOIN users u ON u.id = o.user_id
  WHERE o.deleted_at IS NULL`;

/** Every order that can match, with its areas and vendors, and the version they are at (one snapshot). */
const LOAD = statement('engine_book_load',
  `WITH ver AS (SELECT v FROM engine_book_version)
   SELECT ver.v::text AS version, b.* FROM ver LEFT JOIN LATERAL (${orderRows('orders o')}) b ON true`, { quiet: true });

/**
 * What changed since version $1, in one snapshot: the new version, whether the book must
 * be loaded whole (a log trimmed past $1, or a change to "any order" logged before
 * migration 019), the orders changed, and the rows of those that can still match. Its
 * work follows the change, not the book, under any plan (tests/api/engine-edit.test.ts
 * reads the plans): the log by its index from $1 (the gap test is the first version
 * after $1), and the orders by id from the list of those changed (a list the planner
 * takes for a few rows; a join on the log's rows made it scan every order, 0.3 to 0.7 s
 * on 10,000).
 */
const CHANGES = statement('engine_book_changes',
  `WITH ver AS (SELECT v FROM engine_book_version),
        ch AS (SELECT c.order_id FROM engine_book_changes c, ver WHERE c.v > $1::bigint AND c.v <= ver.v),
        whole AS (SELECT (ver.v > $1::bigint AND (SELECT min(c.v) FROM engine_book_changes c WHERE c.v > $1::bigint) IS DISTINCT FROM $1::bigint + 1)
                         OR EXISTS (SELECT 1 FROM ch WHERE ch.order_id IS NULL) AS w FROM ver),
        ids AS (SELECT ARRAY(SELECT DISTINCT ch.order_id FROM ch WHERE ch.order_id IS NOT NULL AND NOT whole.w) AS a FROM whole)
   SELECT ver.v::text AS version, whole.w AS whole, ids.a AS changed, b.*
     FROM ver CROSS JOIN whole CROSS JOIN ids
     LEFT JOIN LATERAL (${orderRows('unnest(ids.a) AS changed(id) JOIN orders o ON o.id = changed.id')}) b ON true`, { quiet: true });

/** The jobs keep this many versions of the change log. */
export const BOOK_LOG_VERSIONS = 10_000;
const TRIM = statement('engine_book_trim',
  'DELETE FROM engine_book_changes WHERE v < (SELECT v FROM engine_book_version) - $1::bigint', { quiet: true });
export async function trimBookLog(q: Queryable): Promise<void> {
  await q.query(TRIM, [BOOK_LOG_VERSIONS]);
}

/** waiting_at_least: the order's waitingSince at the load (facts.ts's expression), a lower bound of it ever after (OrderBook.waitingAtLeast). */
type LoadRow = Omit<BookOrder, 'vendors' | 'standing' | keyof Ranked> & { version: string; id: number | null; areas: string[]; vendor_ids: number[];
  waiting_at_least: number };

const keyOf = (vertical: string, product: string, area: string) => `${vertical}:${product}:${area}`;

/** An order as the book keeps it: frozen, with what a match asks of it made once. */
function bookOrder(r: LoadRow & { id: number }): BookOrder {
  const { version: _v, areas: _a, waiting_at_least: _w, vendor_ids, ...order } = r;
  void _v;
  void _a;
  void _w;
  return Object.freeze({
    ...order, vendors: new Set(vendor_ids),
    standing: Object.freeze({ active: order.active, schedule: order.schedule, timeZone: order.timezone, filters: order.filters }),
    orderId: r.id, buyer: order.company_id, bidCents: order.custom_price_cents ?? order.max_bid_cents,
  });
}

/**
 * One book: the orders of each area, at one version. Never changed once made (a match
 * in flight keeps the book it started with). Its maps are persistent (immutable.js): a
 * newer book shares all but the entries a change touches, so catching up costs the
 * change, not the book (copying native maps of 10,000 orders' areas took 10 to 100 ms).
 */
export class Book {
  private constructor(
    readonly version: string,
    private readonly byArea: PMap<string, AreaList>,
    private readonly keysOf: PMap<number, string[]>,
  ) {}

  static of(version: string, rows: LoadRow[]): Book {
    return new Book(version, PMap(), PMap()).patched(version, [], rows);
  }

  /** A newer book: the `changed` orders replaced by `rows` (a changed order without a row no longer matches). */
  patched(version: string, changed: number[], rows: LoadRow[]): Book {
    const byArea = this.byArea.asMutable();
    const keysOf = this.keysOf.asMutable();
    const gone = new Set(changed);
    for (const id of changed) {
      for (const k of keysOf.get(id) ?? []) {
        // Two changed orders of one area: the first pass already emptied (and dropped) it.
        const left = (byArea.get(k)?.orders ?? []).filter((o) => !gone.has(o.id));
        if (left.length) byArea.set(k, new AreaList(left));
        else byArea.delete(k);
      }
      keysOf.delete(id);
    }
    // Each area's list is made once per change (lists are shared between books: replaced, never pushed to).
    const added = new Map<string, BookOrder[]>();
    for (const r of rows) {
      // The version alone (no order changed), or an order without areas: it matches no lead.
      if (r.id === null || r.areas.length === 0) continue;
      const o = bookOrder(r);
      const keys = r.areas.map((a) => keyOf(o.vertical, o.product, a));
      for (const k of keys) added.set(k, [...(added.get(k) ?? []), o]);
      keysOf.set(o.id, keys);
    }
    // Each area's list stays in rankOrder: a match walks it from the top and stops early.
    for (const [k, os] of added) byArea.set(k, new AreaList([...(byArea.get(k)?.orders ?? []), ...os].sort(rankOrder)));
    return new Book(version, byArea.asImmutable(), keysOf.asImmutable());
  }

  /** The orders whose territory holds the ZIP or the state, in rankOrder, as a walk (an order listed under both comes once). */
  walkIn(a: { vertical: Vertical; product: Product; zip: string; state: string | null }): AreaWalk {
    return new AreaWalk(this.byArea.get(keyOf(a.vertical, a.product, a.zip)) ?? NO_ORDERS, a.state ? this.byArea.get(keyOf(a.vertical, a.product, a.state)) ?? NO_ORDERS : NO_ORDERS);
  }

  /** Every order of the area, in rankOrder (the explainer and the tests; a match walks). */
  ordersIn(a: { vertical: Vertical; product: Product; zip: string; state: string | null }): BookOrder[] {
    const walk = this.walkIn(a);
    const all: BookOrder[] = [];
    for (let o = walk.next(); o; o = walk.next()) all.push(o);
    return all;
  }
}

/**
 * An area's orders in rankOrder, with their ids, companies and bids side by side in typed
 * arrays: a walk compares, and counts the orders it never reached, without touching an
 * order's object (a hundred scattered objects a ping were 6 % of its CPU in cache misses).
 */
class AreaList {
  readonly ids: Int32Array;
  readonly companies: Int32Array;
  readonly bids: Int32Array;
  constructor(readonly orders: readonly BookOrder[]) {
    this.ids = Int32Array.from(orders, (o) => o.id);
    this.companies = Int32Array.from(orders, (o) => o.company_id);
    this.bids = Int32Array.from(orders, (o) => o.bidCents);
  }
}
const NO_ORDERS = new AreaList([]);

/**
 * The ZIP's and the state's lists of an area merged as the walk goes: both are in
 * rankOrder, a total order, so an order listed under both heads both lists at once and
 * is taken once. Nothing is made for the orders the walk never reaches.
 */
export class AreaWalk implements RankedWalk<BookOrder> {
  #i = 0;
  #j = 0;
  constructor(private readonly zip: AreaList, private readonly state: AreaList) {}

  /** Which list's head comes next in rankOrder: 0 the ZIP's, 1 the state's, -1 none left. */
  #head(): 0 | 1 | -1 {
    const a = this.zip;
    const b = this.state;
    const i = this.#i;
    const j = this.#j;
    if (i >= a.ids.length) return j < b.ids.length ? 1 : -1;
    if (j >= b.ids.length) return 0;
    return (b.bids[j] - a.bids[i] || a.ids[i] - b.ids[j]) <= 0 ? 0 : 1;
  }

  /** Takes the head of list `h`, and the same order at the other list's head. */
  #take(h: 0 | 1): number {
    const id = h === 0 ? this.zip.ids[this.#i] : this.state.ids[this.#j];
    if (this.#i < this.zip.ids.length && this.zip.ids[this.#i] === id) this.#i += 1;
    if (this.#j < this.state.ids.length && this.state.ids[this.#j] === id) this.#j += 1;
    return id;
  }

  peek(): BookOrder | undefined {
    return this.#at(this.#head());
  }

  next(): BookOrder | undefined {
    const h = this.#head();
    const o = this.#at(h);
    if (h !== -1) this.#take(h);
    return o;
  }

  #at(h: 0 | 1 | -1): BookOrder | undefined {
    return h === -1 ? undefined : h === 0 ? this.zip.orders[this.#i] : this.state.orders[this.#j];
  }

  /** The orders not taken yet, by id and company, each in turn (the walk ends with them). */
  forEachUnread(each: (id: number, companyId: number) => void): void {
    for (let h = this.#head(); h !== -1; h = this.#head()) {
      const list = h === 0 ? this.zip : this.state;
      each(list.ids[h === 0 ? this.#i : this.#j], list.companies[h === 0 ? this.#i : this.#j]);
      this.#take(h);
    }
  }
}

/**
 * The orders' own settings, in memory: the ping path decides the rules of an order's
 * settings without reading it (migration 018). Loaded whole at first use; when a match
 * finds the database's version ahead, only the orders changed since are read again. One
 * load at a time however many matches wait for it.
 */
export class OrderBook {
  #book: Book | null = null;
  #loading: Promise<Book> | null = null;
  /** Loads so far, whole and changed-only (the bench and the tests read them). */
  readonly loads = { whole: 0, changes: 0 };
  /**
   * Each order's waitingSince as last seen (by a load, or a match's read of the moving
   * facts): a lower bound of it, since a sale only moves it forward (sale.ts), whatever
   * instance sells. Kept apart from the books, which an edit makes again and a sale never.
   */
  readonly #waiting = new Map<number, number>();

  /** The tie-break's lower bound for an order of the book (shortlist.ts, tieWalk). */
  waitingAtLeast(orderId: number): number {
    return this.#waiting.get(orderId) ?? -Infinity;
  }

  /** An order's waitingSince, read: the bound moves up to it. */
  sawWaiting(orderId: number, waitingSince: number): void {
    if (!(waitingSince <= (this.#waiting.get(orderId) ?? -Infinity))) this.#waiting.set(orderId, waitingSince);
  }

  /** The book, loaded if it never was. */
  async current(q: Queryable): Promise<Book> {
    return this.#book ?? this.reload(q, null);
  }

  /** The latest book loaded, if any (a match starts from it without awaiting). */
  get latest(): Book | null {
    return this.#book;
  }

  /** A book at `atLeast` or newer (null: a fresh read of what changed); joins a load already under way. */
  async reload(q: Queryable, atLeast: string | null): Promise<Book> {
    for (;;) {
      const have = this.#book;
      if (have && atLeast !== null && BigInt(have.version) >= BigInt(atLeast)) return have;
      const book = await (this.#loading ??= this.#load(q));
      if (atLeast === null || BigInt(book.version) >= BigInt(atLeast)) return book;
    }
  }

  async #load(q: Queryable): Promise<Book> {
    try {
      const have = this.#book;
      if (have) {
        const { rows } = await q.query<LoadRow & { whole: boolean; changed: number[] }>(CHANGES, [have.version]);
        if (!rows[0].whole) {
          this.loads.changes += 1;
          this.#sawLoaded(rows, rows[0].changed);
          return (this.#book = have.patched(rows[0].version, rows[0].changed, rows));
        }
      }
      const { rows } = await q.query<LoadRow>(LOAD);
      this.loads.whole += 1;
      this.#sawLoaded(rows, this.#waiting.keys());
      return (this.#book = Book.of(rows[0].version, rows));
    } finally {
      this.#loading = null;
    }
  }

  /** The bounds of the orders loaded moved up; those of `among` no longer in the book (deleted) dropped, so the map holds the book's orders only. */
  #sawLoaded(rows: LoadRow[], among: Iterable<number>): void {
    const loaded = new Set<number>();
    for (const r of rows) {
      if (r.id === null) continue;
      loaded.add(r.id);
      this.sawWaiting(r.id, r.waiting_at_least);
    }
    for (const id of [...among]) if (!loaded.has(id)) this.#waiting.delete(id);
  }
}
