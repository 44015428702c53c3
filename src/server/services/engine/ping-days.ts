import { isoDay } from '../../../domain/clock';
import type { Product } from '../../../domain/orders/types';
import { statement, type Db } from '../../db/db';
import { PendingCounts } from './pending-counts';

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

interface PingDay extends PingPlace {
  day: string;
  pings: number;
  sold: number;
}

/**
 * The pings seen per UTC day, vertical, product and ZIP (ping_day_counts, migration 021),
 * which the recommended orders read: summed in memory and added every flush (a job of
 * the engine's runtime, as the breakdown counts are), before they are read, and when the
 * server stops. One statement a second instead of a row per ping. A sale counts on its
 * ping's day. A crash loses at most the last second's counts (a recommendation, not money).
 */
export class PingDays {
  readonly #pending: PendingCounts<string, PingDay>;

  constructor(db: Db) {
    this.#pending = new PendingCounts<string, PingDay>(
      (row, more) => ({ ...row, pings: row.pings + more.pings, sold: row.sold + more.sold }),
      async (rows) => {
        const r = rows.map(([, v]) => v);
        await db.query(ADD, [r.map((x) => x.day), r.map((x) => x.vertical), r.map((x) => x.product), r.map((x) => x.zipcode), r.map((x) => x.state),
          r.map((x) => x.pings), r.map((x) => x.sold)]);
      },
    );
  }

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
    this.#pending.add(`${day}|${place.vertical}|${place.product}|${place.zipcode}`,
      { day, vertical: place.vertical, product: place.product, zipcode: place.zipcode, state: place.state, pings, sold });
  }

  flush(): Promise<void> {
    return this.#pending.flush();
  }
}
