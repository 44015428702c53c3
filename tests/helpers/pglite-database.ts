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
 * - each file loads the template into a fresh in-memory PGlite (~0.8 s with PGlite's
 *   start; it was ~3 s before the three savings marked below).
 */
export async function openPgliteTestDatabase(): Promise<Db> {
  return wrapPglite(await PGlite.create({ loadDataDir: await templateTar(), startParams: TEST_START_PARAMS }));
}

/**
 * The run's template written into a data directory on disk, as a server started on it
 * finds a fresh install already migrated and seeded (a fresh start seeds for ~10 s).
 */
export async function restorePgliteTemplate(dataDir: string): Promise<void> {
  const pg = await PGlite.create({ dataDir, loadDataDir: await templateTar() });
  await pg.close();
}

/**
 * Saving 1: a test database's shared buffers at 32 MB instead of PostgreSQL's 128 MB.
 * PGlite lays them out in its WebAssembly memory at every start (~0.4 s of CPU at 128 MB,
 * measured); the test data fits, and a page evicted goes to the in-memory file system.
 */
const TEST_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Saving 2: the template read from disk once per worker process (its files share modules)
 * and handed to PGlite as it reads a data directory, through `arrayBuffer()`. A Blob made
 * of the bytes copies them in, then reads them back in chunks and joins them: ~0.8 s of
 * CPU a file for a 70 MB template, measured. Each file still gets its own copy, since
 * PGlite's file system may keep the buffers it is given and write into them.
 */
class TarBytes extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }
  override get size(): number {
    return this.#bytes.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

/** A tar file's bytes as a plain Uint8Array: a Buffer's slice() is a view, not the copy arrayBuffer() hands out. */
const tarBytesOf = (file: string) => new Uint8Array(readFileSync(file));

let templateBytes: Promise<Uint8Array> | null = null;
const templateTar = async (): Promise<Blob> => {
  templateBytes ??= templateFile().then(tarBytesOf);
  return new TarBytes(await templateBytes);
};

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
  // Saving 3: no spent WAL segments in the template. Without a checkpoint the dump kept
  // every 16 MB segment the migrations and the seed wrote (64 MB of a 124 MB template),
  // and every file loaded them; recycling off makes the checkpoint remove them.
  await pg.exec('SET wal_recycle = off');
  await migrateAndSeed(wrapPglite(pg));
  await pg.exec('CHECKPOINT');
  return dump(pg);
}

const loadTar = (file: string) => PGlite.create({ loadDataDir: new TarBytes(tarBytesOf(file)) });

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
