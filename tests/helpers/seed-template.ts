import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import type { Db } from '../../src/server/db/db';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { createContext } from '../../src/server/start';
import { testConfig } from './config';

/** Fill a template database the way a fresh install is: every migration, then the demo seed. */
export async function migrateAndSeed(db: Db): Promise<void> {
  const ctx = await createContext(testConfig(), { db });
  await seedIfEmpty(ctx);
}

/**
 * The vitest run this process belongs to: vitest runs each test file in a child process
 * (or a worker thread) of its main process, so that process's id names the run.
 */
export const RUN_ID = isMainThread ? process.ppid : process.pid;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TEMPLATE_SOURCES = ['src/server/db/migrations', 'src/server/seed'];

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

/** Is a process of this machine still running? */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
