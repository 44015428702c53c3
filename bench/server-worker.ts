/**
 * The server under test, in a thread of its own so the load generator does not share its
 * event loop: a fresh seeded database (in-memory PGlite, or a scratch PostgreSQL database
 * made from DATABASE_URL and dropped at the end), the real app, listening on 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/db';
import { openPglite } from '../src/server/db/pglite';
import { openPostgres } from '../src/server/db/postgres';
import { seedIfEmpty } from '../src/server/seed/seed';
import { createContext } from '../src/server/start';
import { dropDatabase, withAdmin, withDatabase } from '../tests/helpers/postgres-admin';

export type WorkerData = ({ kind: 'pglite' } | { kind: 'postgres'; url: string }) & { sessionCache: boolean };
export type FromWorker = { ready: true; port: number } | { stopped: true };

const data = workerData as WorkerData;

let db: Db;
let dropScratch = async () => {};
if (data.kind === 'postgres') {
  const name = `leadline_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdmin(data.url, (c) => c.query(`CREATE DATABASE ${name}`));
  db = openPostgres(withDatabase(data.url, name));
  dropScratch = () => dropDatabase(data.url, name);
} else {
  db = await openPglite(null);
}

// A cheap captcha: the benchmark signs in once and measures what comes after.
const config = {
  ...loadConfig({}),
  captchaMaxCounter: 500,
  webDir: '/nonexistent-web-dir',
  seedDemo: false,
  sessionCache: data.sessionCache,
};
const ctx = await createContext(config, { db });
await seedIfEmpty(ctx);
const app = await buildApp(ctx);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
parentPort!.postMessage({ ready: true, port: typeof address === 'object' && address ? address.port : 0 } satisfies FromWorker);

parentPort!.once('message', async () => {
  await app.close();
  await db.close();
  await dropScratch();
  parentPort!.postMessage({ stopped: true } satisfies FromWorker);
});
