import pg from 'pg';
import type { Db, Queryable, Statement } from './db';
import { postgresListener } from './postgres-listener';

/** A PostgreSQL server through a node-postgres pool. */
export function openPostgres(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, failover) must not crash the
  // process: the pool discards it and the next query opens a new one.
  pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
  const listener = postgresListener(url);
  /** Whether a statement may have changed something (and so fired a NOTIFY trigger). */
  const mayWrite = (sql: string | Statement) => !/^\s*select\b/i.test(typeof sql === 'string' ? sql : sql.text);
  const q = (c: pg.Pool | pg.PoolClient, onWrite: () => Promise<void>): Queryable => ({
    query: async <T>(sql: string | Statement, params?: unknown[]) => {
      // node-postgres prepares a named statement once per connection, then only binds it.
      const r = typeof sql === 'string' ? await c.query(sql, params as unknown[]) : await c.query({ ...sql, values: params });
      if (mayWrite(sql)) await onWrite();
      return { rows: r.rows as T[] };
    },
  });
  return {
    kind: 'postgres',
    ...q(pool, listener.fence),
    async transaction(fn) {
      const client = await pool.connect();
      let wrote = false;
      let result;
      try {
        await client.query('BEGIN');
        result = await fn(q(client, async () => void (wrote = true)));
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
      if (wrote) await listener.fence();
      return result;
    },
    exec: async (sql) => {
      await pool.query(sql);
      await listener.fence();
    },
    listen: (channel, l) => listener.listen(channel, l),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}
