import type { Db } from '../src/server/db/db';
import { trimSaleCounts } from '../src/server/services/engine/sale-counts';
import { restoreLeadIndexes, setLeadIndexesAside } from '../src/server/seed/large-indexes';
import { settle } from '../src/server/seed/large-run';

const CHUNK = 100_000;
/** From this many leads to add, the lead indexes are built once after (as seed:large does). */
const BULK_FROM = 500_000;
const DAYS = 395;

/**
 * Sold leads of history for `npm run bench:ping --history N`: spread evenly over the bench's
 * orders and the 13 months before `now`, written by the database itself (INSERT ... SELECT
 * over generate_series, 100,000 a statement; no rows cross the wire, which is what COPY
 * would save). The sale counters (migration 030) and the report and market rollups keep
 * themselves through their triggers, statement by statement, exactly as for sales; only the
 * live-screen NOTIFY trigger is off meanwhile (no screen listens); then the past periods'
 * counters are trimmed as a live server's sweep does. How many are in is kept
 * in bench_history, so a kept database grows to a larger N and is reused as it is.
 */
export async function addHistory(db: Db, target: number, now: Date, log: (m: string) => void): Promise<number> {
  await db.exec('CREATE TABLE IF NOT EXISTS bench_history (leads bigint NOT NULL)');
  await restoreLeadIndexes(db, log);
  const have = Number((await db.query<{ n: string }>('SELECT coalesce(max(leads), 0)::text AS n FROM bench_history')).rows[0].n);
  if (have >= target) return 0;
  const t0 = performance.now();
  if (target - have >= BULK_FROM) log(`  ${await setLeadIndexesAside(db)} lead indexes set aside until the history is in`);
  await db.exec('ALTER TABLE leads DISABLE TRIGGER leads_notify_live');
  await db.exec(`CREATE TEMP TABLE IF NOT EXISTS history_orders AS
    SELECT (row_number() OVER (ORDER BY o.id))::int - 1 AS k, o.id AS order_id, o.company_id, o.user_id, o.package_id, ov.vendor_id, o.max_bid_cents
      FROM orders o JOIN order_vendors ov ON ov.order_id = o.id WHERE o.name LIKE 'Bench order %'`);
  const n = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM history_orders')).rows[0].n;
  for (let first = have; first < target; first += CHUNK) {
    const count = Math.min(CHUNK, target - first);
    const t1 = performance.now();
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, email, phone, zipcode, state,
                            price_cents, inserted_at)
         SELECT o.order_id, o.company_id, o.user_id, o.vendor_id, o.package_id, 'autoins', 'leads', 'History', 'Buyer' || g, 'h' || g || '@history.test',
                lpad((g % 10000000000)::text, 10, '9'), '10001', 'NY', o.max_bid_cents,
                $2::timestamptz - ((g * 7919) % ($4 * 86400))::int * interval '1 second'
           FROM generate_series($1::bigint, $1::bigint + $3::bigint - 1) g
           JOIN history_orders o ON o.k = (g % $5)::int`,
        [first, now, count, DAYS, n]);
      await tx.query('DELETE FROM bench_history');
      await tx.query('INSERT INTO bench_history (leads) VALUES ($1)', [first + count]);
    });
    log(`  history ${(first + count).toLocaleString('en-US')} leads (+${count.toLocaleString('en-US')} in ${((performance.now() - t1) / 1000).toFixed(1)} s)`);
  }
  await db.exec('ALTER TABLE leads ENABLE TRIGGER leads_notify_live');
  await restoreLeadIndexes(db, log);
  // A live server's sweep keeps only the cap counters that can still count (services/jobs.ts),
  // and the kept tables are compacted as seed:large leaves them: a live book's size.
  await trimSaleCounts(db, now);
  await settle(db, log);
  const secs = (performance.now() - t0) / 1000;
  log(`  history: ${(target - have).toLocaleString('en-US')} sold leads added in ${secs.toFixed(0)} s`);
  return secs;
}
