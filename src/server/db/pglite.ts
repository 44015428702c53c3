import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, Statement } from './db';
import { pgliteStatements } from './pglite-statements';

type Exclusive = <R>(fn: () => Promise<R>) => Promise<R>;

export function wrapPglite(pg: PGlite): Db {
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
    transaction: (fn) => pg.transaction((tx) => fn(asQueryable(tx, inside))),
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
 * PGlite's start parameters with fsync on: its defaults pass -F (fsync off), so a commit
 * may sit in the operating system's cache when it is acknowledged. With fsync each commit
 * reaches the disk first (README "Money" has the cost, bench/ledger.bench.ts measures it).
 */
export const pgliteStartParams = (fsync: boolean): string[] => {
  const defaults = PGlite.defaultStartParams;
  return fsync ? defaults.filter((p) => p !== '-F') : defaults;
};

/** Embedded PostgreSQL kept in `dir` (or in memory when dir is null). */
export async function openPglite(dir: string | null, opts: { fsync?: boolean } = {}): Promise<Db> {
  const startParams = pgliteStartParams(opts.fsync ?? true);
  const pg = dir ? await PGlite.create(dir, { startParams }) : await PGlite.create({ startParams });
  return wrapPglite(pg);
}
