import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection';
import type { Db } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { ledgerSound, verifyLedger } from '../../src/server/services/ledger';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * A movement the server acknowledged survives a kill -9: a process running the server's
 * database stack (tests/helpers/ledger-burst.ts) deposits as fast as it can and prints
 * each key once its commit returned; it is killed with SIGKILL mid-burst; the ledger is
 * then reopened and must hold every acknowledged deposit, and balance.
 * PGlite runs with fsync on (the server's default, PGLITE_FSYNC); PostgreSQL has its WAL.
 */
const url = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'leadline-ledger-durability-'));
let database: TestDatabase | null = null;

afterAll(async () => {
  await database?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Run the burst until `acks` deposits are acknowledged, then SIGKILL it; the keys acknowledged. */
async function burstAndKill(env: Record<string, string>, acks: number): Promise<string[]> {
  const child = spawn('npx', ['tsx', 'tests/helpers/ledger-burst.ts'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'inherit'], detached: true,
  });
  const acked: string[] = [];
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Read to the end: acknowledgements printed before the kill may still sit in the pipe.
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.startsWith('ack ')) acked.push(line.slice(4));
    if (acked.length === acks) process.kill(-child.pid!, 'SIGKILL');
  }
  await exited;
  return acked;
}

async function check(db: Db, run: string, acked: string[]) {
  const { rows } = await db.query<{ key: string }>('SELECT idempotency_key AS key FROM ledger_transactions WHERE idempotency_key LIKE $1', [`${run}:%`]);
  const stored = new Set(rows.map((r) => r.key));
  expect(acked.filter((k) => !stored.has(k))).toEqual([]);
  // At most the one in flight at the kill went further than its acknowledgement.
  expect(stored.size - acked.length).toBeLessThanOrEqual(1);
  expect(ledgerSound(await verifyLedger(db))).toBe(true);
}

describe('ledger durability across a kill -9', () => {
  it.skipIf(Boolean(url))('PGlite keeps every acknowledged deposit', { timeout: 180_000 }, async () => {
    // A database of its own on disk, with a company to deposit into.
    const setup = await openDatabase({ databaseUrl: null, dataDir, pgliteFsync: true });
    await migrate(setup);
    const company = (await setup.query<{ id: number }>("INSERT INTO companies (name) VALUES ('Durable') RETURNING id")).rows[0].id;
    await setup.close();
    const acked = await burstAndKill({ DATA_DIR: dataDir, DATABASE_URL: '', BURST_COMPANY: String(company), BURST_RUN: 'pglite' }, 60);
    expect(acked.length).toBeGreaterThanOrEqual(60);
    const db = await openDatabase({ databaseUrl: null, dataDir, pgliteFsync: true });
    try {
      await check(db, 'pglite', acked);
    } finally {
      await db.close();
    }
  });

  it.runIf(Boolean(url))('PostgreSQL keeps every acknowledged deposit', { timeout: 180_000 }, async () => {
    database = await openTestDatabase();
    const name = (await database.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
    const company = (await database.db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('Durable') RETURNING id")).rows[0].id;
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const acked = await burstAndKill({ DATABASE_URL: target.toString(), BURST_COMPANY: String(company), BURST_RUN: 'pg' }, 200);
    expect(acked.length).toBeGreaterThanOrEqual(200);
    await check(database.db, 'pg', acked);
  });
});
