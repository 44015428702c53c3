import type { Db } from '../../src/server/db/db';
import { openPgliteTestDatabase } from './pglite-database';
import { openPostgresTestDatabase } from './postgres-database';

export interface TestDatabase {
  db: Db;
  /** Close every connection and remove the database. */
  dispose(): Promise<void>;
}

/** A fresh migrated, seeded database: PostgreSQL when DATABASE_URL is set, else PGlite. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { db, drop } = await openPostgresTestDatabase(url);
    return { db, dispose: drop };
  }
  const db = await openPgliteTestDatabase();
  return { db, dispose: () => db.close() };
}
