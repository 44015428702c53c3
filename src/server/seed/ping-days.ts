import type { Queryable } from '../db/db';

/**
 * The demo's pings seen per day (ping_day_counts), which the recommended orders read: the
 * seeded leads were sold without pings, so each sale of the last 30 days stands for three
 * pings of its ZIP, one of them sold (a marketplace that sells a third of what it is offered).
 */
export async function seedPingDays(q: Queryable, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO ping_day_counts (day, vertical, product, zipcode, state, pings, sold)
     SELECT (inserted_at AT TIME ZONE 'UTC')::date, vertical, product, zipcode, min(state), 3 * count(*), count(*)
       FROM leads WHERE inserted_at >= $1::timestamptz - interval '30 days' AND zipcode ~ '^[0-9]{5}$'
      GROUP BY 1, 2, 3, 4`, [now]);
}
