import type { Db } from '../../src/server/db/db';

/**
 * A digest of every table's rows, to show that a refused request changed nothing.
 * Compare two snapshots with toEqual: a differing table is named in the diff.
 */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ n: number; h: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM "${name}" t`,
    );
    out[name] = `${rows[0].n}:${rows[0].h ?? ''}`;
  }
  return out;
}
