import type { Db, Listener } from '../db/db';

/** Channel of migration 015's triggers; payload '<company id>:<kind>'. */
export const LIVE_EVENTS_CHANNEL = 'live_events';
export type LiveEventKind = 'lead' | 'call' | 'balance' | 'resync';

/** A subscriber hears the kinds of change of its company ('resync': some may have been missed). */
export type LiveSubscriber = (kind: LiveEventKind) => void;

/**
 * Server push, shared by every instance through PostgreSQL: the database announces each
 * change to leads, calls and company balances (triggers of migration 015, whoever
 * writes), every instance LISTENs once on one channel, and this hub hands each event to
 * the open streams of that company only. Events carry no data: a screen that hears one
 * refetches through the ordinary, authorised reads, so nothing leaks across companies.
 * When the listener drops and comes back, every stream hears 'resync'.
 */
export class LiveEvents implements Listener {
  #byCompany = new Map<number, Set<LiveSubscriber>>();
  /** How to end each open stream (a server closing ends them rather than wait for them). */
  #enders = new Set<() => void>();
  #attached: Promise<unknown> | null = null;
  #up = false;
  #everUp = false;

  constructor(private readonly db: Db) {}

  /** Streams open on this instance (the tests read it). */
  get size(): number {
    let n = 0;
    this.#byCompany.forEach((s) => (n += s.size));
    return n;
  }

  /** Hear the events of one company until the returned function is called. */
  async subscribe(companyId: number, subscriber: LiveSubscriber, end: () => void = () => {}): Promise<() => void> {
    this.#enders.add(end);
    const set = this.#byCompany.get(companyId) ?? new Set<LiveSubscriber>();
    this.#byCompany.set(companyId, set.add(subscriber));
    this.#attached ??= this.db.listen(LIVE_EVENTS_CHANNEL, this);
    await this.#attached;
    return () => {
      this.#enders.delete(end);
      set.delete(subscriber);
      if (set.size === 0 && this.#byCompany.get(companyId) === set) this.#byCompany.delete(companyId);
    };
  }

  /** End every open stream (the server is closing). */
  endAll(): void {
    [...this.#enders].forEach((end) => end());
  }

  notified(payload: string): void {
    const [company, kind] = payload.split(':');
    if (kind !== 'lead' && kind !== 'call' && kind !== 'balance') return;
    this.#byCompany.get(Number(company))?.forEach((s) => s(kind));
  }

  listening(up: boolean): void {
    const back = up && !this.#up && this.#everUp;
    this.#up = up;
    if (up) this.#everUp = true;
    if (back) this.#byCompany.forEach((set) => set.forEach((s) => s('resync')));
  }
}
