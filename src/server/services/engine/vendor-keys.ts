import type { Db, Listener } from '../../db/db';

/** Channel of migration 018's triggers on vendor_api_keys and vendors. */
export const VENDOR_KEYS_CHANNEL = 'vendor_keys';
const MAX_ENTRIES = 10_000;

/**
 * The vendors behind sales tokens seen valid, by token hash, kept in memory like the
 * session cache (session-cache.ts): a change to any key or vendor drops them all, on
 * PGlite before the changing statement returns, on PostgreSQL when the notification
 * arrives (and this server's own changes are fenced); while the listener is down nothing
 * is served from memory. Unknown and refused tokens are never kept: they are read.
 */
export class VendorKeys implements Listener {
  #vendors = new Map<string, number>();
  #generation = 0;
  #active = false;

  async attach(db: Db): Promise<void> {
    await db.listen(VENDOR_KEYS_CHANNEL, this);
  }

  get(tokenHash: string): number | undefined {
    return this.#active ? this.#vendors.get(tokenHash) : undefined;
  }

  /** Take before reading the database; store() keeps the answer only if nothing changed since. */
  ticket(): number {
    return this.#generation;
  }

  store(tokenHash: string, vendorId: number, ticket: number): void {
    if (!this.#active || ticket !== this.#generation) return;
    if (this.#vendors.size >= MAX_ENTRIES) this.#vendors.clear();
    this.#vendors.set(tokenHash, vendorId);
  }

  notified(): void {
    this.#generation += 1;
    this.#vendors.clear();
  }

  listening(up: boolean): void {
    this.#generation += 1;
    this.#vendors.clear();
    this.#active = up;
  }
}
