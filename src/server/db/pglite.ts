import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

export function wrapPglite(pg: PGlite): Db {
  const asQueryable = (q: Pick<PGlite, 'query'>): Queryable => ({
    query: async <T>(sql: string, params?: unknown[]) => {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows };
    },
  });
  return {
    kind: 'pglite',
    ...asQueryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(asQueryable(tx))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}

/** Embedded PostgreSQL kept in `dir` (or in memory when dir is null). */
export async function openPglite(dir: string | null): Promise<Db> {
  const pg = dir ? await PGlite.create(dir) : await PGlite.create();
  return wrapPglite(pg);
}
