import pg from 'pg';
import type { Db, Queryable, Statement } from './db';
import { oneAtATime, type RunQuery } from './one-at-a-time';
import { postgresListener } from './postgres-listener';

/** A PostgreSQL server through a node-postgres pool. */
export function openPostgres(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // Named statements (db.ts statement(): hot lookups) outside a transaction run on
  // connections that keep one generic plan per statement. By default PostgreSQL plans a
  // prepared statement again for every call when it guesses that values matter, and
  // here planning the engine's lookups cost ten times their execution (docs/areas/engine.md "The ping
  // path"). Other queries keep plans made for their values (lead search's filters).
  const hot = new pg.Pool({ connectionString: url, max, options: '-c plan_cache_mode=force_generic_plan' });
  // Statements whose commit need not wait for the log's flush (db.ts asyncCommit): a few
  // connections of their own, as the ping writer has one batch in flight at a time.
  const lazy = new pg.Pool({ connectionString: url, max: 2, options: '-c plan_cache_mode=force_generic_plan -c synchronous_commit=off' });
  // An idle connection dropped by the server (restart, failover) must not crash the
  // process: the pool discards it and the next query opens a new one.
  for (const p of [pool, hot, lazy]) p.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
  const listener = postgresListener(url);
  /** Whether a statement may have changed something (and so fired a NOTIFY trigger). */
  const mayWrite = (sql: string | Statement) => (typeof sql === 'string' ? !/^\s*select\b/i.test(sql) : !sql.quiet && !/^\s*select\b/i.test(sql.text));
  const run = (p: pg.Pool): RunQuery => (config, values) => p.query(config, values);
  const q = (c: RunQuery, onWrite: () => Promise<void>, named: RunQuery = c, unflushed = named): Queryable => ({
    query: async <T>(sql: string | Statement, params?: unknown[]) => {
      // node-postgres prepares a named statement once per connection, then only binds it.
      const r = typeof sql === 'string' ? await c(sql, params)
        : await (sql.asyncCommit ? unflushed : named)({ name: sql.name, text: sql.text, values: params });
      if (mayWrite(sql)) await onWrite();
      return { rows: r.rows as T[] };
    },
  });
  return {
    kind: 'postgres',
    ...q(run(pool), listener.fence, run(hot), run(lazy)),
    async transaction(fn) {
      const client = await pool.connect();
      // A transaction's queries go one at a time, its ROLLBACK after any still running.
      const inTx = oneAtATime(client);
      let wrote = false;
      let broken = false;
      let result;
      try {
        await inTx('BEGIN');
        result = await fn(q(inTx, async () => void (wrote = true)));
        await inTx('COMMIT');
      } catch (e) {
        // The transaction's own error is the one to throw. A ROLLBACK that fails as well
        // leaves the connection broken or still inside the transaction: the pool destroys
        // it instead of handing it to the next query.
        broken = await inTx('ROLLBACK').then(() => false, () => true);
        throw e;
      } finally {
        client.release(broken);
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
      await Promise.all([pool.end(), hot.end(), lazy.end()]);
    },
  };
}
