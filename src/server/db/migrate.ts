import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root';
import type { Db } from './db';

const MIGRATIONS_DIR = join(PROJECT_ROOT, 'src/server/db/migrations');
/** Any constant; it keeps two starting instances from migrating at once. */
const MIGRATION_LOCK = 7_410_001;

/** Apply, in name order, every migrations/NNN_name.sql not applied yet. Idempotent. */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM schema_migrations');
    const done = new Set(rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      // Statements run one by one so both drivers accept the script inside a transaction.
      for (const statement of splitSql(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'))) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

/**
 * Split a script into statements on semicolons that end a line, outside dollar-quoted
 * bodies ($$ ... $$ or $tag$ ... $tag$), so a migration may define trigger functions.
 */
export function splitSql(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const line of script.split('\n')) {
    const code: string = quote ? line : line.replace(/--.*$/, '');
    for (const tag of code.match(/\$\w*\$/g) ?? []) {
      if (quote === null) quote = tag;
      else if (tag === quote) quote = null;
    }
    current += `${code}\n`;
    if (quote === null && /;\s*$/.test(code)) {
      statements.push(current.trim().replace(/;$/, ''));
      current = '';
    }
  }
  statements.push(current.trim());
  return statements.filter(Boolean);
}
