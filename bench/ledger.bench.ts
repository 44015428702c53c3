/**
 * `npm run bench:ledger`: ledger movements per second (postMovement, one database
 * transaction each: a deposit or a lead purchase on one of a few companies) beside a
 * plain single-row INSERT (in a transaction of its own, the same way) in the same run, in alternating rounds so
 * drift hits both alike, and their ratio. PGlite on disk with fsync on (the server's
 * default) and off (PGlite's own default) — the cost of durability — and PostgreSQL when
 * DATABASE_URL is set (a scratch database, one connection, then 8 at once).
 * Options: --rounds 5 --seconds 1 --db pglite|postgres|both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/connection';
import type { Db } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { openPostgres } from '../src/server/db/postgres';
import { postMovement } from '../src/server/services/ledger';
import { dropDatabase, withAdmin, withDatabase } from '../tests/helpers/postgres-admin';
import { median } from './median';

const { values } = parseArgs({ options: {
  rounds: { type: 'string', default: '5' }, seconds: { type: 'string', default: '1' }, db: { type: 'string' },
} });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const url = process.env.DATABASE_URL;
const which = values.db ?? (url ? 'both' : 'pglite');
if (which !== 'pglite' && !url) throw new Error('--db postgres needs DATABASE_URL');

const AT = new Date('2026-01-01T00:00:00Z');
let seq = 0;

async function prepare(db: Db): Promise<number[]> {
  await migrate(db);
  await db.query('CREATE TABLE IF NOT EXISTS bench_plain (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, n integer NOT NULL, at timestamptz NOT NULL)');
  const companies: number[] = [];
  for (let i = 0; i < 4; i++) {
    const id = (await db.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [`bench ${i}`])).rows[0].id;
    await db.transaction((tx) => postMovement(tx, { kind: 'deposit', companyId: id, amountCents: 1_000_000_000 }, { key: `bench:open:${id}:${seq++}`, at: AT }));
    companies.push(id);
  }
  return companies;
}

type Op = () => Promise<unknown>;
const movementOp = (db: Db, companies: number[]): Op => () => {
  const n = seq++;
  const companyId = companies[n % companies.length];
  return db.transaction((tx) => postMovement(tx, n % 2
    ? { kind: 'deposit', companyId, amountCents: 2_500 }
    : { kind: 'purchase', product: 'leads', companyId, amountCents: 2_500, leadId: n }, { key: `bench:${process.pid}:${n}`, at: AT }));
};
const insertOp = (db: Db): Op => () => db.transaction((tx) => tx.query('INSERT INTO bench_plain (n, at) VALUES ($1, $2)', [seq++, AT]));

/** Operations per second over one round of `seconds`, `workers` at a time. */
async function round(op: Op, workers: number): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (performance.now() < end) {
      await op();
      done++;
    }
  }));
  return done / seconds;
}

async function measure(label: string, db: Db, companies: number[], workers: number): Promise<void> {
  const moves: number[] = [];
  const inserts: number[] = [];
  await round(movementOp(db, companies), workers); // warm-up
  await round(insertOp(db), workers);
  for (let i = 0; i < rounds; i++) {
    moves.push(await round(movementOp(db, companies), workers));
    inserts.push(await round(insertOp(db), workers));
  }
  const m = median(moves);
  const p = median(inserts);
  console.log(`${label.padEnd(44)} ${m.toFixed(0).padStart(7)} movements/s  ${p.toFixed(0).padStart(7)} plain inserts/s  ratio ${(m / p).toFixed(2)}`);
}

console.log(`bench:ledger: medians of ${rounds} rounds of ${seconds} s each, alternating`);
if (which !== 'postgres') {
  for (const fsync of [true, false]) {
    const dir = mkdtempSync(join(tmpdir(), 'leadline-bench-ledger-'));
    const db = await openDatabase({ databaseUrl: null, dataDir: dir, pgliteFsync: fsync });
    try {
      await measure(`PGlite on disk, fsync ${fsync ? 'on (default)' : 'off'}`, db, await prepare(db), 1);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
if (which !== 'pglite' && url) {
  const name = `leadline_bench_ledger_${process.pid}`;
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const db = openPostgres(withDatabase(url, name), 8);
  try {
    const companies = await prepare(db);
    await measure('PostgreSQL, 1 connection', db, companies, 1);
    await measure('PostgreSQL, 8 connections', db, companies, 8);
  } finally {
    await db.close();
    await dropDatabase(url, name);
  }
}
