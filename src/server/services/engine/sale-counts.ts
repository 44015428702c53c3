import type { Queryable } from '../../db/db';

/**
 * One period's sales at the period starting at `start` (an order aliased `o`). The order's
 * row carries its latest counter of the period (migration 040): the latest is the one asked
 * (its figure), or an earlier one (no sale yet in this period: 0); only a period before the
 * latest (a clock behind another server's, or a question about the past) reads the counter
 * by its whole primary key, one index probe.
 */
const periodCount = (period: 'day' | 'week' | 'month', start: string, when: string): string => `CASE WHEN NOT (${when}) THEN NULL
      WHEN o.sales_${period}_start = ${start} THEN o.sales_${period}
      WHEN o.sales_${period}_start IS NULL OR o.sales_${period}_start < ${start} THEN 0
      ELSE (SELECT sc.sales FROM order_sale_counts sc WHERE sc.order_id = o.id AND sc.period = '${period}' AND sc.period_start = ${start}) END`;

/**
 * An order's sales in its agent's current day, week and month, read from the cap counters
 * (migration 030): joins for an order aliased `o` whose agent is aliased `u`, at the
 * instant `now` (a placeholder such as `$2`), giving `n.d`, `n.w` and `n.m` (0 or null when the
 * period has no sale yet). Each period starts at its first instant in the agent's zone
 * (the day, the Monday-to-Sunday week, the calendar month), as the triggers key the
 * counters, so the engine's caps rule and the caps fill people see (GET /orders/caps, the
 * dashboard's month) read the same counters the same way: from the order's own row (its
 * latest periods), however many sales it has. `when` narrows the orders whose counters are read
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
