import type { Product, Vertical } from '../../../domain/orders/types';
import { statement, type Queryable } from '../../db/db';
import type { OrderFactsRow } from './facts';

/** What the book holds of an order: its own settings, which move only when someone edits it (or its package, agent, company). */
export type BookOrder = Omit<OrderFactsRow, MovingKey | 'vendor_ok'> & { vertical: Vertical; product: Product; vendors: ReadonlySet<number> };
export type MovingKey = 'waiting_since' | 'available' | 'recharges' | 'used_day' | 'used_week' | 'used_month' | 'used_hour';

/** Every order that can match, with its areas and vendors, and the version they are at (one snapshot). */
const LOAD = statement('engine_book_load',
  `WITH ver AS (SELECT v FROM engine_book_version)
   SELECT ver.v::text AS version, b.* FROM ver LEFT JOIN LATERAL (
     SELECT o.id, o.company_id, o.user_id, o.package_id, o.name, o.status = 'active' AS active, o.vertical, o.product,
            o.cap_daily, o.cap_weekly, o.cap_monthly, o.max_bid_cents, o.custom_price_cents, o.schedule, o.filters,
            o.max_concurrent_calls, o.order_group_id, u.timezone, p.cost_cents, p.max_buyers, c.hourly_lead_cap,
            ARRAY(SELECT a.area FROM order_areas a WHERE a.order_id = o.id) AS areas,
            ARRAY(SELECT ov.vendor_id FROM order_vendors ov WHERE ov.order_id = o.id) AS vendor_ids
       FROM orders o JOIN users u ON u.id = o.user_id JOIN packages p ON p.id = o.package_id JOIN companies c ON c.id = o.company_id
      WHERE o.deleted_at IS NULL AND EXISTS (SELECT 1 FROM order_areas a WHERE a.order_id = o.id)
   ) b ON true`, { quiet: true });

type LoadRow = Omit<BookOrder, 'vendors'> & { version: string; id: number | null; areas: string[]; vendor_ids: number[] };

const keyOf = (vertical: string, product: string, area: string) => `${vertical}:${product}:${area}`;

/** One loaded book: the orders of each area, at one version. */
export class Book {
  readonly #byArea = new Map<string, BookOrder[]>();
  constructor(readonly version: string, rows: LoadRow[]) {
    for (const r of rows) {
      if (r.id === null) continue;
      const { version: _v, areas, vendor_ids, ...order } = r;
      void _v;
      const o: BookOrder = Object.freeze({ ...order, id: r.id, vendors: new Set(vendor_ids) });
      for (const a of areas) {
        const k = keyOf(o.vertical, o.product, a);
        const list = this.#byArea.get(k);
        if (list) list.push(o);
        else this.#byArea.set(k, [o]);
      }
    }
  }

  /** The orders whose territory holds the ZIP or the state (an order listed under both comes once). */
  ordersIn(a: { vertical: Vertical; product: Product; zip: string; state: string | null }): BookOrder[] {
    const byZip = this.#byArea.get(keyOf(a.vertical, a.product, a.zip)) ?? [];
    const byState = a.state ? this.#byArea.get(keyOf(a.vertical, a.product, a.state)) ?? [] : [];
    if (byState.length === 0) return byZip;
    if (byZip.length === 0) return byState;
    const seen = new Set(byZip.map((o) => o.id));
    return [...byZip, ...byState.filter((o) => !seen.has(o.id))];
  }
}

/**
 * The orders' own settings, in memory: the ping path decides the rules of an order's
 * settings without reading it (migration 018). Loaded whole at first use and again when
 * a match finds the database's version ahead of it; one load at a time however many
 * matches wait for it.
 */
export class OrderBook {
  #book: Book | null = null;
  #loading: Promise<Book> | null = null;
  /** Loads so far (the bench and the tests read it). */
  loads = 0;

  /** The book, loaded if it never was. */
  async current(q: Queryable): Promise<Book> {
    return this.#book ?? this.reload(q, null);
  }

  /** A book at `atLeast` or newer (null: a fresh load); joins a load already under way. */
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
      const { rows } = await q.query<LoadRow>(LOAD);
      this.loads += 1;
      const book = new Book(rows[0].version, rows);
      if (!this.#book || BigInt(book.version) >= BigInt(this.#book.version)) this.#book = book;
      return this.#book;
    } finally {
      this.#loading = null;
    }
  }
}
