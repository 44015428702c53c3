import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when DATABASE_URL is set, else PGlite under the data folder. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgliteFsync'>): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = join(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir, { fsync: config.pgliteFsync });
}
