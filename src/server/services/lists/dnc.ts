import type { Queryable } from '../../db/db';

export interface DncImportRow {
  id: number;
  name: string;
  source: 'national' | 'state' | 'internal';
  state: string | null;
  numbers: number;
  created_at: Date;
  updated_at: Date;
}

/** A phone number as the lists compare it: 10 digits (a leading country code 1 dropped); null when it is not one. */
export function dncNumber(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[0-9]{10}$/.test(ten) ? ten : null;
}

export async function listDncImports(q: Queryable): Promise<{ imports: DncImportRow[]; agentFlagged: number }> {
  const [imports, agent] = await Promise.all([
    q.query<DncImportRow>(`SELECT id, name, source, state, numbers, created_at, updated_at FROM dnc_imports ORDER BY id DESC LIMIT 200`),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM dnc_numbers WHERE source = 'agent'`),
  ]);
  return { imports: imports.rows, agentFlagged: agent.rows[0].n };
}

export async function createDncImport(
  q: Queryable, i: { name: string; source: DncImportRow['source']; state: string | null }, by: number, now: Date,
): Promise<DncImportRow> {
  const { rows } = await q.query<DncImportRow>(
    `INSERT INTO dnc_imports (name, source, state, imported_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
     RETURNING id, name, source, state, numbers, created_at, updated_at`, [i.name.trim(), i.source, i.state, by, now]);
  return rows[0];
}

/**
 * Add a chunk of (already normalised) numbers to an import's source list, in one statement
 * with the import's count, so a chunk is in or out as a whole. Numbers already on that
 * source's list are skipped. Null when the import does not exist.
 */
export async function addDncNumbers(q: Queryable, importId: number, numbers: string[], now: Date): Promise<{ added: number; import: DncImportRow } | null> {
  const { rows } = await q.query<DncImportRow & { added: number }>(
    `WITH i AS (SELECT id, source FROM dnc_imports WHERE id = $1 FOR UPDATE),
          added AS (
            INSERT INTO dnc_numbers (phone, source, import_id, added_at)
            SELECT DISTINCT x.phone, i.source, i.id, $3::timestamptz FROM i, unnest($2::text[]) AS x(phone)
            ON CONFLICT (phone, source) DO NOTHING RETURNING 1)
     UPDATE dnc_imports d SET numbers = d.numbers + (SELECT count(*) FROM added), updated_at = $3
       FROM i WHERE d.id = i.id
     RETURNING d.id, d.name, d.source, d.state, d.numbers, d.created_at, d.updated_at, (SELECT count(*)::int FROM added) AS added`,
    [importId, numbers, now]);
  if (!rows[0]) return null;
  const { added, ...row } = rows[0];
  return { added, import: row };
}
