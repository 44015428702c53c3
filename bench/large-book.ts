import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/db';
import { openPglite } from '../src/server/db/pglite';
import { openPostgres } from '../src/server/db/postgres';
import { seedLarge } from '../src/server/seed/large-run';
import { withAdmin, withDatabase } from '../tests/helpers/postgres-admin';

export type BookKind = 'pglite' | 'postgres';
export const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A benchmark's book of at least `target` leads (seed:large's), kept between runs: PGlite's
 * in .bench-data/<name>-pglite, PostgreSQL's in the database leadline_bench_<name> on
 * DATABASE_URL's server. Only the missing leads are added, so a run at 1M followed by one
 * at 10M grows the same book.
 */
export async function openBook(kind: BookKind, name: string, target: number): Promise<Db> {
  const config = loadConfig({ ...process.env, DATABASE_URL: '', SEED_DEMO: 'true' });
  let db: Db;
  if (kind === 'pglite') {
    const dir = join('.bench-data', `${name}-pglite`);
    mkdirSync(dir, { recursive: true });
    db = await openPglite(dir, { fsync: false });
  } else {
    const database = `leadline_bench_${name}`;
    await withAdmin(PG_URL, async (c) => {
      const { rows } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (rows.length === 0) await c.query(`CREATE DATABASE ${database}`);
    });
    db = openPostgres(withDatabase(PG_URL, database), 4);
  }
  const t0 = performance.now();
  const r = await seedLarge(config, { target, db, log: (m) => console.log(`  [${kind}]${m}`) });
  if (r.added) console.log(`  [${kind}] seeded ${r.added.toLocaleString('en-US')} leads in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return db;
}

/** The p-th percentile of some timings. */
export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
