import type { Queryable } from '../db/db';

/**
 * Count one hit against `key` in a fixed window and return the count so far. Kept in
 * the database so every server instance sees the same numbers.
 */
export async function countHit(q: Queryable, key: string, windowSeconds: number, now: Date): Promise<number> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const { rows } = await q.query<{ count: number }>(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
     RETURNING count`,
    [key, windowStart],
  );
  return rows[0].count;
}
