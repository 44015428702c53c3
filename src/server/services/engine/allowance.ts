import { statement, type Queryable } from '../../db/db';

/** How often a server adds its vendors' requests to the shared counts. */
export const ALLOWANCE_SYNC_MS = 100;

const ADD = statement('engine_vendor_counts_add',
  `INSERT INTO vendor_request_counts (vendor_id, second, count)
   SELECT x.v, $2, x.n FROM unnest($1::int[], $3::int[]) AS x(v, n)
   ON CONFLICT (vendor_id, second) DO UPDATE SET count = vendor_request_counts.count + EXCLUDED.count
   RETURNING vendor_id, count`, { quiet: true });

/**
 * Each vendor's requests in the current second (of the injected clock), over every
 * server: counted here per request, and added to vendor_request_counts (shared, unlogged)
 * every ALLOWANCE_SYNC_MS, which answers the shared total. A request is judged on that
 * total plus this server's requests since, so one server's count is exact and several
 * servers together may let through what arrives within one sync of the limit. The
 * engine's runtime syncs on a timer, under the job monitor.
 */
export class VendorAllowance {
  #second = -1;
  #shared = new Map<number, number>();
  #unsynced = new Map<number, number>();
  #syncing = new Map<number, number>();
  #busy: Promise<void> = Promise.resolve();

  constructor(private readonly db: Queryable) {}

  /** Count one request of the vendor now; the vendor's requests this second, this one included. */
  hit(vendorId: number, now: Date): number {
    this.#roll(now);
    this.#unsynced.set(vendorId, (this.#unsynced.get(vendorId) ?? 0) + 1);
    return (this.#shared.get(vendorId) ?? 0) + (this.#syncing.get(vendorId) ?? 0) + this.#unsynced.get(vendorId)!;
  }

  #roll(now: Date): void {
    const second = Math.floor(now.getTime() / 1000);
    if (second === this.#second) return;
    this.#second = second;
    this.#shared = new Map();
    this.#unsynced = new Map();
    this.#syncing = new Map();
  }

  /** Add this second's unsynced requests to the shared counts and read the totals back. */
  sync(): Promise<void> {
    // After the previous sync settles either way: its failure went to its own caller.
    const step = async () => {
      if (this.#unsynced.size === 0) return;
      const second = this.#second;
      const sending = this.#unsynced;
      this.#syncing = sending;
      this.#unsynced = new Map();
      try {
        const { rows } = await this.db.query<{ vendor_id: number; count: number }>(ADD,
          [[...sending.keys()], new Date(second * 1000), [...sending.values()]]);
        if (second !== this.#second) return;
        for (const r of rows) this.#shared.set(r.vendor_id, r.count);
      } catch (e) {
        if (second === this.#second) for (const [v, n] of sending) this.#unsynced.set(v, (this.#unsynced.get(v) ?? 0) + n);
        throw e;
      } finally {
        if (second === this.#second) this.#syncing = new Map();
      }
    };
    this.#busy = this.#busy.then(step, step);
    return this.#busy;
  }
}
