import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import type { Db } from '../../src/server/db/db';
import { openPostgres } from '../../src/server/db/postgres';
import { dropDatabase, waitUntilUnused, withAdmin, withDatabase } from './postgres-admin';
import { migrateAndSeed, templateDigest } from './seed-template';
import { RUN_ID, isAlive } from './test-run';

/** Any constant: serialises building the run's template across test files. */
const TEMPLATE_LOCK = 7_410_099;
/** Names carry the host, so a sweep never drops another machine's live template. */
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 6);

/**
 * A database of its own for one test file on the PostgreSQL server of `url`: a copy
 * (CREATE DATABASE ... TEMPLATE) of a migrated, seeded template that the first file of
 * the run builds. `drop` ends the pool and removes the database.
 */
export async function openPostgresTestDatabase(url: string): Promise<{ db: Db; drop(): Promise<void> }> {
  const name = `leadline_test_${HOST}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, async (admin) => {
    const template = await ensureTemplate(admin, url);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  });
  const db = openPostgres(withDatabase(url, name), 5);
  return {
    db,
    async drop() {
      await db.close();
      await dropDatabase(url, name);
    },
  };
}

async function ensureTemplate(admin: pg.Client, url: string): Promise<string> {
  const name = `leadline_tpl_${HOST}_${RUN_ID}_${templateDigest()}`;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rows.length) return name;
    await sweepEndedRuns(admin, url);
    await admin.query(`CREATE DATABASE ${name}`);
    const db = openPostgres(withDatabase(url, name), 1);
    try {
      await migrateAndSeed(db);
    } finally {
      await db.close();
    }
    // A template must have no connections when it is copied.
    await waitUntilUnused(admin, name);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/** Templates and test databases of this machine whose run (or file) has ended. */
async function sweepEndedRuns(admin: pg.Client, url: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'leadline\\_t%\\_${HOST}\\_%'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[3]);
    if (pid !== RUN_ID && pid !== process.pid && !isAlive(pid)) await dropDatabase(url, datname).catch(() => {});
  }
}
