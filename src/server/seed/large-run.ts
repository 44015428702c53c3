import { systemClock } from '../../domain/clock';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { createContext } from '../start';
import { addBulkLeads, countLeadRows } from './large';
import { restoreLeadIndexes, setLeadIndexesAside } from './large-indexes';
import { seedIfEmpty } from './seed';

export const LARGE_CHUNK = 100_000;
/** From this many leads to add (a 1M book on the demo seed), the lead indexes are built once after rather than kept row by row (large-indexes.ts). */
const BULK_FROM = 500_000;

/**
 * Fill a database up to `target` leads: migrate, seed the demo marketplace if empty, add
 * bulk leads a chunk per transaction (half a million or more with the lead indexes set aside and
 * built after), then VACUUM ANALYZE of the database (the visibility map makes the
 * tab counts index-only; fresh statistics make the plans of docs/areas/leads.md and reports.md).
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
    // Every table the leads' triggers keep (the report rollups, the kept counts of migrations
    // 030 and 034) was upserted batch after batch: their old row versions go too, and the
    // planner learns their sizes (a server with autovacuum off would otherwise plan the
    // reports on empty statistics).
    if (total > start) await ctx.db.exec('VACUUM ANALYZE');
    return { total, added: total - start };
  } finally {
    if (!opts.db) await ctx.db.close();
  }
}
