import { isoDay } from '../../../domain/clock';
import type { Product } from '../../../domain/orders/types';
import { statement, type Db } from '../../db/db';

const ADD = statement('engine_add_ping_days',
  `INSERT INTO ping_day_counts (day, vertical, product, zipcode, state, pings, sold)
   SELECT x.d, x.v, x.p, x.z, x.s, x.n, x.k FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[]) AS x(d, v, p, z, s, n, k)
   ON CONFLICT (day, vertical, product, zipcode) DO UPDATE
     SET pings = ping_day_counts.pings + EXCLUDED.pings, sold = ping_day_counts.sold + EXCLUDED.sold,
         state = COALESCE(ping_day_counts.state, EXCLUDED.state)`, { quiet: true });

/** The place and kind of a request the engine matched. */
export interface PingPlace {
  vertical: string;
  product: Product;
  zipcode: string;
  state: string | null;
}

/**
 * The pings seen per UTC day, vertical, product and ZIP (ping_day_counts, migration 021),
 * which the recommended orders read: summed in memory and added every flush (a job of
 * the engine's runtime, as the breakdown counts are), before they are read, and when the
 * server stops. One statement a second instead of a row per ping. A sale counts on its
 * ping's day. A crash loses at most the last second's counts (a recommendation, not money).
 */
export class PingDays {
  #pending = new Map<string, { place: PingPlace; day: string; pings: number; sold: number }>();
  #flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  /** A request seen at `at`, sold to a buyer at once or not. */
  seen(place: PingPlace, at: Date, sold: boolean): void {
    this.#add(place, at, 1, sold ? 1 : 0);
  }

  /** A ping seen at `at` sold later (its post). */
  sold(place: PingPlace, at: Date): void {
    this.#add(place, at, 0, 1);
  }

  #add(place: PingPlace, at: Date, pings: number, sold: number): void {
    const day = isoDay(at);
    const k = `${day}|${place.vertical}|${place.product}|${place.zipcode}`;
    const row = this.#pending.get(k);
    if (row) {
      row.pings += pings;
      row.sold += sold;
    } else this.#pending.set(k, { place: { vertical: place.vertical, product: place.product, zipcode: place.zipcode, state: place.state }, day, pings, sold });
  }

  flush(): Promise<void> {
    const write = () => this.#write();
    const run = this.#flushing.then(write, write);
    this.#flushing = run;
    return run;
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0) return;
    const taken = this.#pending;
    this.#pending = new Map();
    // In key order, so two servers' flushes never deadlock.
    const rows = [...taken].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
    try {
      await this.db.query(ADD, [
        rows.map((r) => r.day), rows.map((r) => r.place.vertical), rows.map((r) => r.place.product), rows.map((r) => r.place.zipcode),
        rows.map((r) => r.place.state), rows.map((r) => r.pings), rows.map((r) => r.sold),
      ]);
    } catch (e) {
      // Kept for the next flush.
      for (const [k, r] of taken) {
        const now = this.#pending.get(k);
        if (now) {
          now.pings += r.pings;
          now.sold += r.sold;
        } else this.#pending.set(k, r);
      }
      throw e;
    }
  }
}
