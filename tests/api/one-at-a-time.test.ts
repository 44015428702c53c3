import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneAtATime } from '../../src/server/db/one-at-a-time';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database';

/** A connection the test answers by hand; it fails if a query is sent while another runs. */
function connection() {
  const sent: Array<{ text: string; answer: () => void; fail: () => void }> = [];
  let running = 0;
  const query = (text: string) => {
    if (running > 0) throw new Error(`sent while another runs: ${text}`);
    running += 1;
    return new Promise<pg.QueryResult>((resolve, reject) => sent.push({
      text,
      answer: () => { running -= 1; resolve({ rows: [{ text }] } as unknown as pg.QueryResult); },
      fail: () => { running -= 1; reject(new Error(`failed: ${text}`)); },
    }));
  };
  return { sent, client: { query } as unknown as pg.ClientBase };
}
const settle = () => new Promise<void>((r) => setImmediate(r));

describe('the queries of one connection', () => {
  it('go one after another, each with its own answer, and a failure does not stop the next', async () => {
    const c = connection();
    const run = oneAtATime(c.client);
    const [a, b, d] = [run('a'), run('b'), run('d')];
    await settle();
    expect(c.sent.map((s) => s.text)).toEqual(['a']);
    c.sent[0].fail();
    await expect(a).rejects.toThrow('failed: a');
    await settle();
    expect(c.sent.map((s) => s.text)).toEqual(['a', 'b']);
    c.sent[1].answer();
    await settle();
    c.sent[2].answer();
    expect((await b).rows).toEqual([{ text: 'b' }]);
    expect((await d).rows).toEqual([{ text: 'd' }]);
  });
});

describe('a transaction that sends queries at once', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
    await t.db.exec('CREATE TABLE one_at_a_time (n int PRIMARY KEY)');
  });
  afterAll(async () => t?.dispose());

  it('answers each, and rolls back after the last when one fails', async () => {
    // node-postgres warns (once a process) when a query is sent while another runs.
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const both = await t.db.transaction((tx) => Promise.all([
      tx.query<{ n: number }>('INSERT INTO one_at_a_time VALUES (1) RETURNING n'),
      tx.query<{ n: number }>('SELECT count(*)::int AS n FROM one_at_a_time'),
    ]));
    expect(both.map((r) => r.rows[0].n)).toEqual([1, 1]);
    const failed = t.db.transaction((tx) => Promise.all([
      tx.query('INSERT INTO one_at_a_time VALUES (2)'),
      tx.query('INSERT INTO one_at_a_time VALUES (1)'),
      tx.query('SELECT pg_sleep(0.05)'),
    ]));
    await expect(failed).rejects.toThrow(/duplicate key|unique/);
    // Nothing of the failed transaction is kept, and the database answers the next query.
    expect((await t.db.query<{ n: number }>('SELECT n FROM one_at_a_time ORDER BY n')).rows).toEqual([{ n: 1 }]);
    await settle();
    process.off('warning', onWarning);
    expect(warnings.filter((w) => w.includes('already executing'))).toEqual([]);
  });
});
