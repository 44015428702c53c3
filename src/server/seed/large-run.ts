import { systemClock } from '../../domain/clock';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { createContext } from '../start';
import { addBulkLeads, countLeadRows } from './large';
import { restoreLeadIndexes, setLeadIndexesAside } from './large-indexes';
import { seedIfEmpty } from './seed';

export const LARGE_CHUNK = 100_000;
/**
 * The tables the leads' triggers keep (the report rollups and the kept counts of migrations
 * 020 to 036). Each batch of bulk leads touches most of their rows, so a 10M-lead book leaves
 * each row's hundred old versions behind; a live book only ever updates today's rows.
 */
const KEPT_TABLES = ['lead_rollup_daily', 'return_requests_daily', 'agent_rollup_daily', 'state_rollup_daily', 'order_rollup_daily',
  'order_return_requests_daily', 'state_return_requests_daily', 'market_sales_daily', 'order_sale_counts', 'company_hour_counts', 'lead_search_counts'];
/** From this many leads to add (a 1M book on the demo seed), the lead indexes are built once after rather than kept row by row (large-indexes.ts). */
const BULK_FROM = 500_000;

/**
 * After a fill: the kept tables rewritten as a live book would have them (VACUUM FULL; they
 * are small), then VACUUM ANALYZE of the database: the visibility map makes the tab counts
 * index-only, and the planner learns every size (a server with autovacuum off would
 * otherwise plan the reports on empty statistics).
 */
export async function settle(db: Db, log?: (m: string) => void): Promise<void> {
  let t0 = performance.now();
  await db.exec(`VACUUM FULL ${KEPT_TABLES.join(', ')}`);
  log?.(`  kept tables compacted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  await db.exec('VACUUM ANALYZE');
  log?.(`  VACUUM ANALYZE in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * Fill a database up to `target` leads: migrate, seed the demo marketplace if empty, add
 * bulk leads a chunk per transaction (half a million or more with the lead indexes set aside and
 * built after), then the kept tables compacted and the database vacuumed and analyzed (settle).
 */
export async function seedLarge(config: Config, opts: { target: number; log?: (m: string) => void; db?: Db }): Promise<{ total: number; added: number }> {
  const ctx = await createContext({ ...config, sessionCache: false }, { db: opts.db });
  try {
    await seedIfEmpty(ctx);
    await restoreLeadIndexes(ctx.db, opts.log);
    const start = await countLeadRows(ctx.db);
    let total = start;
    const now = systemClock.now();
    if (opts.target - start >= BULK_FROM) opts.log?.(`  ${await setLeadIndexesAside(ctx.db)} lead indexes set aside until the book is filled`);
    while (total < opts.target) {
      const count = Math.min(LARGE_CHUNK, opts.target - total);
      const t0 = performance.now();
      await ctx.db.transaction((tx) => addBulkLeads(tx, { first: total + 1, count, now }));
      total += count;
      opts.log?.(`  ${total.toLocaleString('en-US')} leads (+${count.toLocaleString('en-US')} in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    }
    await restoreLeadIndexes(ctx.db, opts.log);
    if (total > start) await settle(ctx.db, opts.log);
    return { total, added: total - start };
  } finally {
    if (!opts.db) await ctx.db.close();
  }
}
