import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import type { Db } from '../../src/server/db/db';
import { openPostgres } from '../../src/server/db/postgres';
import { RUN_ID, isAlive, migrateAndSeed, templateDigest } from './seed-template';

/** Any constant: serialises building the run's template across test files. */
const TEMPLATE_LOCK = 7_410_099;
/** Names carry the host, so a sweep never drops another machine's live template. */
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 6);
const TEMPLATE_PREFIX = `leadline_tpl_${HOST}_`;

/**
 * A database of its own for one test file on the PostgreSQL server of `url`: a copy
 * (CREATE DATABASE ... TEMPLATE) of a migrated, seeded template that the first file of
 * the run builds. `drop` closes the pool and removes the database.
 */
export async function openPostgresTestDatabase(url: string): Promise<{ db: Db; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `leadline_test_${HOST}_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    const template = await ensureTemplate(admin, url);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const db = openPostgres(withDatabase(url, name), 5);
  return {
    db,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

async function ensureTemplate(admin: pg.Client, url: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${RUN_ID}_${templateDigest()}`;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rows.length) return name;
    await sweepOtherRuns(admin);
    await admin.query(`CREATE DATABASE ${name}`);
    const db = openPostgres(withDatabase(url, name), 1);
    try {
      await migrateAndSeed(db);
    } finally {
      await db.close(); // a template must have no connections when it is copied
    }
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/** Templates and test databases left by runs of this machine that have ended. */
async function sweepOtherRuns(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'leadline\\_t%\\_${HOST}\\_%'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[3]);
    if (pid !== RUN_ID && pid !== process.pid && !isAlive(pid))
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
