import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLoad, runLedgerLoad } from '../../bench/ledger-workload';
import type { Db } from '../../src/server/db/db';
import { openPostgres } from '../../src/server/db/postgres';
import { withDatabase } from '../helpers/postgres-admin';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * The concurrent ledger workload (bench/ledger-workload.ts): 1,000 requests, 20 at a time
 * on a pool of 20 connections, on 3 companies with small balances, on PostgreSQL; a
 * 200-request run on PGlite (one connection: concurrency there is interleaving only).
 * `npm run load:ledger` runs the large version (20,000 by default).
 */
const url = process.env.DATABASE_URL;
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  if (url) {
    const name = (await db.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
    db = openPostgres(withDatabase(url, name), 20);
  }
});
afterAll(async () => {
  if (url) await db?.close();
  await database?.dispose();
});

describe('the ledger under concurrent load', () => {
  it(`keeps every invariant (${url ? 'PostgreSQL, 1,000' : 'PGlite, 200'} requests)`, { timeout: 120_000 }, async () => {
    const report = await runLedgerLoad(db, { requests: url ? 1_000 : 200, companies: 3, concurrency: 20, at: new Date('2026-06-01T12:00:00Z') });
    console.info(formatLoad(report, url ? 'PostgreSQL' : 'PGlite'));
    expect(report.violationDetails).toEqual([]);
    expect(report.errors).toBe(0);
    // The workload did exercise each path.
    expect(report.movements).toBeGreaterThan(report.requests / 3);
    expect(report.refusals).toBeGreaterThan(0);
    expect(report.replays).toBeGreaterThan(0);
    expect(report.conflicts).toBeGreaterThan(0);
  });
});
