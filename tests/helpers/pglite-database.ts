import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../../src/server/db/db';
import { wrapPglite } from '../../src/server/db/pglite';
import { fileOnce } from './file-once';
import { migrateAndSeed, templateDigest } from './seed-template';
import { RUN_ID, isAlive } from './test-run';

/**
 * PGlite per test file. Vitest runs each file in a process of its own, so one instance
 * cannot be shared or cloned across files; data directories are passed as tar files:
 * - an empty cluster (initdb, ~3 s), kept across runs: it depends on PGlite's version only;
 * - the run's template: that cluster migrated and seeded (~2 s), made by the run's first file;
 * - each file loads the template (~1 s with PGlite's start) into a fresh in-memory PGlite.
 */
export async function openPgliteTestDatabase(): Promise<Db> {
  return wrapPglite(await loadTar(await templateFile()));
}

/**
 * The run's template written into a data directory on disk, as a server started on it
 * finds a fresh install already migrated and seeded (a fresh start seeds for ~10 s).
 */
export async function restorePgliteTemplate(dataDir: string): Promise<void> {
  const pg = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(await templateFile())]) });
  await pg.close();
}

const templateFile = () => fileOnce(join(tmpdir(), `${TEMPLATE}${RUN_ID}-${templateDigest()}.tar`), buildTemplate);

const TEMPLATE = 'leadline-pglite-template-';
const CLUSTER = 'leadline-pglite-initdb-';
const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string }
).version;

async function buildTemplate(): Promise<Uint8Array> {
  const cluster = await fileOnce(join(tmpdir(), `${CLUSTER}${PGLITE_VERSION}.tar`), async () => dump(await PGlite.create()));
  sweepStale();
  const pg = await loadTar(cluster);
  await migrateAndSeed(wrapPglite(pg));
  return dump(pg);
}

const loadTar = (file: string) => PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });

/** Uncompressed: gzip makes the file 9x smaller but loading 3x slower. */
async function dump(pg: PGlite): Promise<Uint8Array> {
  try {
    return new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
  } finally {
    await pg.close();
  }
}

/** Templates of ended runs (~65 MB each) and clusters of other PGlite versions. */
function sweepStale(): void {
  for (const name of readdirSync(tmpdir())) {
    const run = new RegExp(`^${TEMPLATE}(\\d+)-`).exec(name)?.[1];
    const stale = run
      ? Number(run) !== RUN_ID && !isAlive(Number(run))
      : name.startsWith(CLUSTER) && !name.startsWith(`${CLUSTER}${PGLITE_VERSION}.`);
    if (stale) rmSync(join(tmpdir(), name), { force: true });
  }
}
