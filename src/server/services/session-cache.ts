import { EventEmitter } from 'node:events';
import { LRUCache } from 'lru-cache';
import type { Db, Listener } from '../db/db';
import type { UserRow } from './users';

/** Channel of migration 004's triggers: s:<token hash>, u:<user id>, c:<company id> or *. */
export const SESSION_CACHE_CHANNEL = 'session_cache';
const MAX_ENTRIES = 10_000;

/** What the session lookup reads: the session's times and its user. */
export interface LiveSession extends UserRow {
  session_id: number;
  family_id: string;
  family_started_at: Date;
  created_at: Date;
  last_seen_at: Date;
  grace_until: Date | null;
}

/**
 * Session lookups kept in memory, by token hash. Migration 004's triggers announce
 * every change to sessions, users and companies, and the matching entries go at once
 * (on PGlite before the changing statement returns; on PostgreSQL when the notification
 * arrives, within milliseconds). Nothing is served from memory unless the listener is
 * up: while it is down the cache is empty and bypassed.
 *
 * Only the rows are cached, never a verdict: expiry is decided on every request from
 * the row's times and the clock (sessions.ts isLive), so it stays exact.
 *
 * Events: 'active' (listening, serving from memory), 'bypassed' (not listening),
 * 'invalidated' (payload) after a notification was applied.
 */
export class SessionCache extends EventEmitter implements Listener {
  #entries = new LRUCache<string, LiveSession>({ max: MAX_ENTRIES });
  /** Switches already audited, `family:target`: the audit log's unique index is the authority. */
  #switchesAudited = new LRUCache<string, true>({ max: MAX_ENTRIES });
  /** Moves on every invalidation, so a read that overlapped one is not stored. */
  #generation = 0;
  #active = false;

  /** Listen to the triggers' channel; until then (and whenever it drops) the cache is bypassed. */
  async attach(db: Db): Promise<void> {
    await db.listen(SESSION_CACHE_CHANNEL, this);
  }

  get active(): boolean {
    return this.#active;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(tokenHash: string): LiveSession | undefined {
    return this.#active ? this.#entries.get(tokenHash) : undefined;
  }

  /** Take before reading the database; store() keeps the row only if nothing changed since. */
  ticket(): number {
    return this.#generation;
  }

  store(tokenHash: string, row: LiveSession, ticket: number): void {
    if (this.#active && ticket === this.#generation) this.#entries.set(tokenHash, Object.freeze(row));
  }

  switchAudited(familyId: string, targetId: number): boolean {
    return this.#switchesAudited.has(`${familyId}:${targetId}`);
  }

  rememberSwitchAudited(familyId: string, targetId: number): void {
    this.#switchesAudited.set(`${familyId}:${targetId}`, true);
  }

  notified(payload: string): void {
    this.#generation += 1;
    const [kind, key] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 's:') this.#entries.delete(key);
    else if (kind === 'u:' || kind === 'c:') {
      const id = Number(key);
      const doomed = [...this.#entries.entries()].filter(([, row]) => (kind === 'u:' ? row.id : row.company_id) === id);
      for (const [hash] of doomed) this.#entries.delete(hash);
    } else this.#entries.clear();
    this.emit('invalidated', payload);
  }

  listening(up: boolean): void {
    this.#generation += 1;
    this.#entries.clear();
    if (up === this.#active) return;
    this.#active = up;
    this.emit(up ? 'active' : 'bypassed');
  }
}
