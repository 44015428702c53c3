import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, Statement } from './db';
import { pgliteStatements } from './pglite-statements';

type Exclusive = <R>(fn: () => Promise<R>) => Promise<R>;

/**
 * PGlite on Node writes each commit's WAL with write() before it answers, so a killed
 * process loses nothing; but it never calls fsync, whatever its settings (strace shows no
 * fsync call with or without -F), so an operating-system crash could lose acknowledged
 * commits. With `afterCommit` set, a transaction is acknowledged only once that has run:
 * walSync(dir) flushes the newest WAL segments to the disk.
 */
export function walSync(dir: string): () => Promise<void> {
  const wal = join(dir, 'pg_wal');
  return async () => {
    const segments = (await readdir(wal)).filter((f) => /^[0-9A-F]{24}$/.test(f)).sort().slice(-2);
    for (const f of segments) {
      const file = await open(join(wal, f), 'r');
      try {
        await file.sync();
      } finally {
        await file.close();
      }
    }
  };
}

export function wrapPglite(pg: PGlite, opts: { afterCommit?: () => Promise<void> } = {}): Db {
  const runStatement = pgliteStatements(pg);
  // Outside a transaction a statement waits for any transaction to end, as query() does;
  // inside one it must not (that transaction holds the lock), only for the query lock.
  const outside: Exclusive = (fn) => pg._runExclusiveTransaction(() => pg.runExclusive(fn));
  const inside: Exclusive = (fn) => pg.runExclusive(fn);
  const asQueryable = (q: Pick<PGlite, 'query'>, exclusive: Exclusive): Queryable => ({
    query: async <T>(sql: string | Statement, params?: unknown[]) => {
      if (typeof sql !== 'string') return runStatement<T>(exclusive, sql, params);
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows };
    },
  });
  return {
    kind: 'pglite',
    ...asQueryable(pg, outside),
    transaction: async (fn) => {
      const result = await pg.transaction((tx) => fn(asQueryable(tx, inside)));
      await opts.afterCommit?.();
      return result;
    },
    exec: async (sql) => {
      await pg.exec(sql);
    },
    // One process, one connection: a NOTIFY reaches the listener before the statement
    // that caused it (or its COMMIT) returns, and delivery never stops.
    listen: async (channel, listener) => {
      const stop = await pg.listen(channel, (payload) => listener.notified(payload));
      listener.listening(true);
      return async () => {
        listener.listening(false);
        if (!pg.closed) await stop();
      };
    },
    close: () => pg.close(),
  };
}

/**
 * PGlite's start parameters with fsync on: its defaults pass -F (fsync off). On Node this
 * alone changes nothing measurable (see walSync); openPglite adds the WAL flush.
 */
export const pgliteStartParams = (fsync: boolean): string[] => {
  const defaults = PGlite.defaultStartParams;
  return fsync ? defaults.filter((p) => p !== '-F') : defaults;
};

/**
 * Embedded PostgreSQL kept in `dir` (or in memory when dir is null). With fsync (the
 * default) every transaction is on the disk when it returns: a movement acknowledged
 * survives a killed process and an operating-system crash (docs/areas/billing-ledger.md: the cost).
 */
export async function openPglite(dir: string | null, opts: { fsync?: boolean } = {}): Promise<Db> {
  const fsync = opts.fsync ?? true;
  const startParams = pgliteStartParams(fsync);
  const pg = dir ? await PGlite.create(dir, { startParams }) : await PGlite.create({ startParams });
  return wrapPglite(pg, { afterCommit: dir && fsync ? walSync(dir) : undefined });
}
