import type { Db } from '../db/db';

/**
 * The lead table's secondary indexes set aside while seed:large adds half a million leads or
 * more, and built again after: kept up row by row they cost seven times the insert itself
 * (measured on PostgreSQL at 2.5M leads: 25 s per 100,000 with the 15 indexes, 3 s
 * without). Their definitions wait in a table of their own, so a run cut off midway gets
 * them back at its next start. Constraint indexes (the primary key) stay.
 */
export async function setLeadIndexesAside(db: Db): Promise<number> {
  await db.exec('CREATE TABLE IF NOT EXISTS seed_large_indexes (name text PRIMARY KEY, def text NOT NULL)');
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      `INSERT INTO seed_large_indexes (name, def)
       SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = 'leads'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
       ON CONFLICT (name) DO NOTHING RETURNING name`);
    for (const r of rows) await tx.query(`DROP INDEX IF EXISTS "${r.name}"`);
    return rows.length;
  });
}

/** Builds again every index set aside (if any), one transaction each. */
export async function restoreLeadIndexes(db: Db, log?: (m: string) => void): Promise<void> {
  const { rows: [t] } = await db.query<{ t: string | null }>(`SELECT to_regclass('seed_large_indexes')::text AS t`);
  if (!t.t) return;
  const { rows } = await db.query<{ name: string; def: string }>('SELECT name, def FROM seed_large_indexes ORDER BY name');
  for (const r of rows) {
    const t0 = performance.now();
    await db.transaction(async (tx) => {
      await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      await tx.query(r.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
      await tx.query('DELETE FROM seed_large_indexes WHERE name = $1', [r.name]);
    });
    log?.(`  index ${r.name} built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  await db.exec('DROP TABLE seed_large_indexes');
}
