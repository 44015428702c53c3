import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** Run `fn` on a short-lived connection to the server's maintenance database of `url`. */
export async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** `url` with its database replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Wait (up to 2 s) until no connection uses database `name`. pool.end() returns before
 * the server has let its connections go.
 */
export async function waitUntilUnused(c: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await c.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows.length === 0) return;
    await sleep(20);
  }
}

/**
 * Drop a database after its pool has ended. Dropping WITH (FORCE) at once would kill its
 * connections mid-goodbye, which node-postgres reports as an unhandled error.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  await withAdmin(url, async (c) => {
    await waitUntilUnused(c, name);
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
