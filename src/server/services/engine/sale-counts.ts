import type { Queryable } from '../../db/db';

// One counter by its whole primary key: an index probe, however many past periods the order
// has kept (one scan by order_id with the periods as a filter read them all: 465 rows an
// order after 13 months of daily sales, before the sweep trims them).
const periodCount = (period: 'day' | 'week' | 'month', start: string, when: string): string =>
  `(SELECT sc.sales FROM order_sale_counts sc WHERE ${when} AND sc.order_id = o.id AND sc.period = '${period}' AND sc.period_start = ${start})`;

/**
 * An order's sales in its agent's current day, week and month, read from the cap counters
 * (migration 030): joins for an order aliased `o` whose agent is aliased `u`, at the
 * instant `now` (a placeholder such as `$2`), giving `n.d`, `n.w` and `n.m` (null when the
 * period has no sale yet). Each period starts at its first instant in the agent's zone
 * (the day, the Monday-to-Sunday week, the calendar month), as the triggers key the
 * counters, so the engine's caps rule and the caps fill people see (GET /orders/caps, the
 * dashboard's month) read the same rows the same way: a handful of primary-key rows per
 * order, however many sales it has. `when` narrows the orders whose counters are read
 * (the engine reads none for an order that is not active).
 */
export const currentSalesJoin = (now: string, when = 'true'): string => `CROSS JOIN LATERAL (
    SELECT date_trunc('day', ${now}::timestamptz AT TIME ZONE u.timezone) AT TIME ZONE u.timezone AS d,
           date_trunc('week', ${now}::timestamptz AT TIME ZONE u.timezone) AT TIME ZONE u.timezone AS w,
           date_trunc('month', ${now}::timestamptz AT TIME ZONE u.timezone) AT TIME ZONE u.timezone AS m
  ) t
  LEFT JOIN LATERAL (
    SELECT ${periodCount('day', 't.d', when)} AS d, ${periodCount('week', 't.w', when)} AS w, ${periodCount('month', 't.m', when)} AS m
  ) n ON true`;

/**
 * The cap counters of past periods (migration 030): a month is at most 31 days and an
 * hour's count matters for its hour, so counters older than 40 days and hours older than a
 * day are deleted by the sweep; the caps read only the current ones.
 */
export async function trimSaleCounts(q: Queryable, now: Date): Promise<void> {
  await q.query(`DELETE FROM order_sale_counts WHERE period_start < $1::timestamptz - interval '40 days'`, [now]);
  await q.query(`DELETE FROM company_hour_counts WHERE hour_start < $1::timestamptz - interval '1 day'`, [now]);
}
