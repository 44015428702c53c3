import { MARKET_WINDOW_DAYS, PRICE_STEP_CENTS } from '../../../domain/orders/market';

/**
 * The market's window in SQL: the sales of the last 30 x 24 hours, read from the market
 * rollup (migration 027) for the whole UTC days after the window's first and from the lead
 * table for the rest of that first day, so the count is exact and costs a row per day and
 * price rather than a row per sale.
 */

/** Where the window starts. */
export const marketSince = (now: Date): Date => new Date(now.getTime() - MARKET_WINDOW_DAYS * 86_400_000);

/** A lead's price in the market's 25-cent steps, as the rollup keeps it. */
export const PRICE_STEP_SQL = (alias: string) => `(ceil(${alias}.price_cents / ${PRICE_STEP_CENTS}.0) * ${PRICE_STEP_CENTS})::int`;

/** The window's first day, whose sales after `since` are read from the lead table. */
const firstDay = (since: string) => `(${since}::timestamptz AT TIME ZONE 'UTC')::date`;
const inFirstDay = (since: string) => `l.inserted_at >= ${since} AND l.inserted_at < (${firstDay(since)} + 1)::timestamp AT TIME ZONE 'UTC'`;

/**
 * Rows (k, cents, n) of the sales in the window for each target of `targets`, a relation
 * with columns k, vertical, product and place (a state); sum n by k and cents. Each place
 * is read once however many targets share it (a dashboard's orders in one state): its
 * whole days from market_sales_daily's key, the rest of its first day from
 * leads_market_state_idx, summed by price before they go to its targets. The place is
 * compared as the lead's char(2): compared as text, the index could not be used and the
 * whole first day of every state was read (13,000 rows at 10,000,000 leads).
 */
export const stateSalesSql = (targets: string, since: string): string => `
  SELECT t.k, s.cents, s.n FROM ${targets} t JOIN (
    SELECT x.vertical, x.product, x.place, x.cents, sum(x.n)::int AS n FROM (
      SELECT p.vertical, p.product, p.place, m.cents, m.n FROM (SELECT DISTINCT vertical, product, place FROM ${targets} d) p JOIN market_sales_daily m
          ON m.vertical = p.vertical AND m.product = p.product AND m.state = p.place AND m.day > ${firstDay(since)}
      UNION ALL
      SELECT p.vertical, p.product, p.place, ${PRICE_STEP_SQL('l')}, 1 FROM (SELECT DISTINCT vertical, product, place FROM ${targets} d) p JOIN leads l
          ON l.vertical = p.vertical AND l.product = p.product AND l.state = p.place::char(2) AND ${inFirstDay(since)}
    ) x GROUP BY 1, 2, 3, 4
  ) s ON s.vertical = t.vertical AND s.product = t.product AND s.place = t.place`;

/** The marketplace's sales of a vertical ($1) and product ($2) in the window (since $3). */
export const NATIONAL_SALES_SQL = `SELECT
  (SELECT coalesce(sum(m.n), 0) FROM market_sales_daily m WHERE m.vertical = $1 AND m.product = $2 AND m.day > ${firstDay('$3')})
  + (SELECT count(*) FROM leads l WHERE l.vertical = $1 AND l.product = $2 AND ${inFirstDay('$3')}) AS n`;
