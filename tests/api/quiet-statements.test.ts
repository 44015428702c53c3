import { afterAll, beforeAll, expect, test } from 'vitest';
import '../../src/server/app';
import { definedStatements, statement, type Queryable } from '../../src/server/db/db';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A quiet statement skips the listener's fence after it runs (db.ts). That is only right
 * when no table it writes has a trigger: a trigger may announce the change (NOTIFY) or
 * change a table that does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const WRITES = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_]+)/gi;

test('the tables a quiet statement writes have no triggers', async () => {
  const quiet = definedStatements().filter((s) => s.quiet);
  expect(quiet.map((s) => s.name)).toEqual(expect.arrayContaining(['engine_vendor_counts_add', 'engine_write_pings', 'engine_moving_facts', 'engine_add_match_counts']));
  const written = new Set(quiet.flatMap((s) => [...s.text.matchAll(WRITES)].map((m) => m[1].toLowerCase())));
  expect(written.size).toBeGreaterThan(0);
  const { rows } = await t.db.query<{ table: string; trigger: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relname = ANY($1::text[])`, [[...written]]);
  expect(rows).toEqual([]);
});

test('a table with an announcing trigger is caught (the check can fail)', async () => {
  const { rows } = await t.db.query<{ table: string }>(
    `SELECT DISTINCT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal AND c.relname = ANY($1::text[])`,
    [['leads', 'sessions']]);
  expect(rows.map((r) => r.table).sort()).toEqual(['leads', 'sessions']);
});

test('an asyncCommit statement commits without waiting for the flush on PostgreSQL; others, and transactions, wait', async () => {
  const setting = "SELECT current_setting('synchronous_commit') AS s";
  const lazy = statement('test_async_commit_setting', setting, { asyncCommit: true });
  const plain = statement('test_sync_commit_setting', setting);
  const read = async (q: Queryable, s: typeof lazy) => (await q.query<{ s: string }>(s)).rows[0].s;
  // PGlite has one connection and its own durability: the option changes nothing there.
  expect(await read(t.db, lazy)).toBe(t.db.kind === 'postgres' ? 'off' : 'on');
  expect(await read(t.db, plain)).toBe('on');
  expect(await t.db.transaction((tx) => read(tx, lazy))).toBe('on');
  // The ping writer's batches are the statement that uses it.
  expect(definedStatements().filter((s) => s.asyncCommit).map((s) => s.name)).toEqual(expect.arrayContaining(['engine_write_pings']));
});
