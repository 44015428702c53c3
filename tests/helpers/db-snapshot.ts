import type { Db } from '../../src/server/db/db';

/**
 * What has been written to each table, to show that a refused request changed nothing:
 * compare two snapshots with toEqual, and a table written in between is named in the diff.
 *
 * The first snapshot of a database puts a row trigger on every table that logs each
 * insert, delete and real update (one whose new row differs from the old) into
 * `test_writes`; a snapshot counts that log per table. Reading the log is a few
 * milliseconds where hashing every row of the seeded book took most of a second, and it
 * is stricter: a write later undone still shows. The log is append-only, so concurrent
 * transactions never wait on it (a counter row would serialize them and could deadlock).
 */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  if (!watched.has(db)) {
    watched.add(db);
    await watchWrites(db);
  }
  const { rows } = await db.query<{ name: string; n: number }>(
    'SELECT table_name AS name, count(*)::int AS n FROM test_writes GROUP BY table_name ORDER BY table_name',
  );
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n} writes`]));
}

const watched = new WeakSet<Db>();

async function watchWrites(db: Db): Promise<void> {
  await db.exec(`
    CREATE TABLE IF NOT EXISTS test_writes (id bigserial PRIMARY KEY, table_name text NOT NULL);
    CREATE OR REPLACE FUNCTION test_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO test_writes (table_name) VALUES (TG_TABLE_NAME);
      RETURN NULL;
    END $$;`);
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'test_writes'
        AND NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = format('%I', table_name)::regclass)`, // a partition has its parent's triggers
  );
  for (const { name } of tables) {
    await db.exec(`
      CREATE OR REPLACE TRIGGER test_log_change AFTER INSERT OR DELETE ON "${name}"
        FOR EACH ROW EXECUTE FUNCTION test_log_write();
      CREATE OR REPLACE TRIGGER test_log_update AFTER UPDATE ON "${name}"
        FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION test_log_write();
      CREATE OR REPLACE TRIGGER test_log_truncate AFTER TRUNCATE ON "${name}"
        FOR EACH STATEMENT EXECUTE FUNCTION test_log_write();`);
  }
}
