import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clockFrom } from '../../src/domain/clock';
import type { Db } from '../../src/server/db/db';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { createContext } from '../../src/server/start';
import { shiftedNow } from './clock';
import { testConfig } from './config';

/**
 * Fill a template database the way a fresh install is: every migration, then the demo seed,
 * seeded at the tests' now (moved by TEST_CLOCK_SHIFT_HOURS when it is set).
 */
export async function migrateAndSeed(db: Db): Promise<void> {
  const ctx = await createContext(testConfig(), { db, clock: clockFrom(shiftedNow()) });
  await seedIfEmpty(ctx);
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TEMPLATE_SOURCES = ['src/server/db/migrations', 'src/server/seed', 'src/server/services/ledger'];

/**
 * A digest of the migrations and the seed, so a watch-mode rerun after either changed
 * builds a new template instead of reusing a stale one.
 */
export function templateDigest(): string {
  const h = createHash('sha256');
  for (const dir of TEMPLATE_SOURCES) {
    const files = readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const f of files) h.update(f).update(readFileSync(f));
  }
  return h.digest('hex').slice(0, 10);
}
