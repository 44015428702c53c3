import type { Queryable } from '../../db/db';

/**
 * The cap counters of past periods (migration 030): a month is at most 31 days and an
 * hour's count matters for its hour, so counters older than 40 days and hours older than a
 * day are deleted by the sweep; the caps read only the current ones.
 */
export async function trimSaleCounts(q: Queryable, now: Date): Promise<void> {
  await q.query(`DELETE FROM order_sale_counts WHERE period_start < $1::timestamptz - interval '40 days'`, [now]);
  await q.query(`DELETE FROM company_hour_counts WHERE hour_start < $1::timestamptz - interval '1 day'`, [now]);
}
