import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Listener } from './db';
import { oneAtATime, type RunQuery } from './one-at-a-time';

/** A silent network drop is noticed within about this long (no answer to a ping). */
const PING_EVERY_MS = 5_000;
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;
/** Our own channel for fences (see fence()). */
const FENCE_CHANNEL = 'leadline_fence';

/**
 * LISTEN on a connection of its own (a pooled connection would be handed to queries and
 * lose its LISTENs). When the connection fails, is killed, or stops answering pings,
 * every listener hears `listening(false)` at once, and `listening(true)` after the
 * reconnect has listened again: what came between is lost, and the listeners know it.
 */
export function postgresListener(url: string) {
  const channels = new Map<string, Set<Listener>>();
  let client: pg.Client | null = null;
  let up = false;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  let firstAttempt: Promise<void> | null = null;
  const fenceIds = { instance: randomUUID(), next: 0 };
  const fences = new Map<string, () => void>();
  /** The fence still taking callers (its NOTIFY not sent yet). */
  let gathering: { client: pg.Client; done: Promise<void> } | null = null;

  // The fences, the keep-alive ping and LISTENs share the connection: one query at a time.
  const queries = new WeakMap<pg.Client, RunQuery>();
  const query = (c: pg.Client, text: string, values?: unknown[]) => {
    let run = queries.get(c);
    if (!run) queries.set(c, (run = oneAtATime(c)));
    return run(text, values);
  };

  const each = (fn: (l: Listener) => void) => channels.forEach((set) => set.forEach(fn));

  function lost(c: pg.Client) {
    if (c !== client) return; // an older connection, already replaced
    client = null;
    clearTimeout(pingTimer);
    c.end().catch(() => {
      // Ending a connection that has already failed may fail too: the loss itself is what
      // matters, and it is reported below (or was, by connect).
    });
    if (up) {
      console.warn('PostgreSQL LISTEN connection lost; listening again as soon as it is back');
      up = false;
      each((l) => l.listening(false));
    }
    // Listeners were just told delivery stopped: nothing is left to wait for.
    fences.forEach((pass) => pass());
    fences.clear();
    if (!closed) {
      retryTimer = setTimeout(() => void connect(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  }

  /** Whether `c` did `work` in time; a connection that fails or stays silent is lost. */
  async function answered(c: pg.Client, work: Promise<unknown>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), PING_EVERY_MS).unref();
    });
    try {
      await Promise.race([work, silent]);
      return true;
    } catch {
      lost(c);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  function ping(c: pg.Client) {
    const again = async () => {
      if ((await answered(c, query(c, 'SELECT 1'))) && c === client) ping(c);
    };
    pingTimer = setTimeout(() => void again(), PING_EVERY_MS).unref();
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'leadline-listen' });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (n.channel === FENCE_CHANNEL) fences.get(n.payload ?? '')?.();
      else channels.get(n.channel)?.forEach((l) => l.notified(n.payload ?? ''));
    });
    try {
      await c.connect();
      for (const channel of [FENCE_CHANNEL, ...channels.keys()]) await query(c, `LISTEN ${c.escapeIdentifier(channel)}`);
    } catch (e) {
      console.error('PostgreSQL LISTEN connection failed:', (e as Error).message);
      lost(c);
      return;
    }
    if (c !== client || closed) return;
    up = true;
    retryMs = RETRY_MIN_MS;
    each((l) => l.listening(true));
    ping(c);
  }

  return {
    async listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
      if (closed) throw new Error('the database is closed');
      const known = channels.get(channel);
      channels.set(channel, (known ?? new Set()).add(listener));
      if (!firstAttempt) firstAttempt = connect();
      await firstAttempt;
      if (up && client && !known) {
        const c = client;
        await query(c, `LISTEN ${c.escapeIdentifier(channel)}`).catch(() => lost(c));
      }
      if (up) listener.listening(true);
      return async () => {
        channels.get(channel)?.delete(listener);
        listener.listening(false);
      };
    },

    /**
     * Wait until every notification committed before this call has reached the
     * listeners. PostgreSQL delivers notifications in commit order, so once a NOTIFY sent
     * now comes back, all earlier ones have arrived. A write awaits this before it
     * returns, so this instance never serves what it has just changed from memory.
     * Calls in the same turn of the event loop share one NOTIFY (sent after all of them
     * were made, so it is later than each one's commit): a burst of writes costs the
     * listener's connection one round trip, not one each.
     */
    fence(): Promise<void> {
      const c = client;
      if (!up || !c || channels.size === 0) return Promise.resolve();
      if (gathering?.client === c) return gathering.done;
      const id = `${fenceIds.instance}:${(fenceIds.next += 1)}`;
      const arrived = new Promise<void>((resolve) => fences.set(id, resolve));
      const done = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        gathering = null;
        // A listener that cannot echo a NOTIFY in time is treated as down: the caches bypass.
        await answered(c, query(c, 'SELECT pg_notify($1, $2)', [FENCE_CHANNEL, id]).then(() => arrived));
        fences.delete(id);
      });
      gathering = { client: c, done };
      return done;
    },

    /** Stop for good: no reconnect, and the connection is ended. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(pingTimer);
      const c = client;
      client = null;
      if (up) each((l) => l.listening(false));
      up = false;
      await c?.end().catch(() => {
        // Stopping for good: a connection that cannot even say goodbye is gone all the same.
      });
    },
  };
}
