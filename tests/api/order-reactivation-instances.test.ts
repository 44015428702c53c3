import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { openPostgres } from '../../src/server/db/postgres';
import { runOrderReactivations } from '../../src/server/services/orders/status';
import { createContext } from '../../src/server/start';
import { testConfig } from '../helpers/config';
import { withDatabase } from '../helpers/postgres-admin';
import { startTestApp, type TestApp } from '../helpers/test-app';

const url = process.env.DATABASE_URL;

/**
 * The scheduled reactivation on two server instances sharing one PostgreSQL: each due
 * order comes back once, with one timeline event, whichever instance claims it; and an
 * instance started later (a restart) finds what was due while nobody ran.
 */
describe.runIf(url)('scheduled reactivation across instances (PostgreSQL)', () => {
  let a: TestApp;
  let b: AppContext;

  beforeAll(async () => {
    a = await startTestApp();
    const database = (await a.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
    b = await createContext(testConfig(), { db: openPostgres(withDatabase(url!, database), 4), clock: a.clock });
  });
  afterAll(async () => {
    await b?.db.close();
    await a?.close();
  });

  test('two instances running at once reactivate every due order exactly once', async () => {
    const now = a.clock.now();
    const due = new Date(now.getTime() - 60_000);
    const { rows } = await a.db.query<{ id: number }>(
      `UPDATE orders SET status = 'inactive', activate_date = $1 WHERE id IN (
         SELECT o.id FROM orders o JOIN packages p ON p.id = o.package_id WHERE NOT p.cld_growth AND o.deleted_at IS NULL ORDER BY o.id LIMIT 40)
       RETURNING id`, [due]);
    const ids = rows.map((r) => r.id).sort((x, y) => x - y);
    // Small rounds, many of them, from both instances at once.
    const runAll = async (db: typeof a.db) => {
      const mine: number[] = [];
      for (let i = 0; i < 20; i++) mine.push(...(await runOrderReactivations(db, now, 3)));
      return mine;
    };
    const [fromA, fromB] = await Promise.all([runAll(a.db), runAll(b.db)]);
    expect([...fromA, ...fromB].sort((x, y) => x - y)).toEqual(ids);
    expect(fromA.filter((id) => fromB.includes(id))).toEqual([]);
    const { rows: events } = await a.db.query<{ order_id: number; n: string }>(
      `SELECT order_id, count(*) AS n FROM order_events WHERE kind = 'reactivated' AND order_id = ANY($1::int[]) GROUP BY order_id`, [ids]);
    expect(events.length).toBe(ids.length);
    expect(events.every((e) => Number(e.n) === 1)).toBe(true);
    const { rows: left } = await a.db.query("SELECT id FROM orders WHERE id = ANY($1::int[]) AND status <> 'active'", [ids]);
    expect(left).toEqual([]);
    console.info(`instance A reactivated ${fromA.length}, instance B ${fromB.length} of ${ids.length} due orders`);
  });

  test('a date that passed while no instance ran is caught by the next one started', async () => {
    const now = a.clock.now();
    const { rows } = await a.db.query<{ id: number }>(
      `UPDATE orders SET status = 'inactive', activate_date = $1 WHERE id = (SELECT min(id) FROM orders WHERE status = 'active' AND deleted_at IS NULL) RETURNING id`,
      [new Date(now.getTime() + 3_600_000)]);
    const database = (await a.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
    const restarted = await createContext(testConfig(), { db: openPostgres(withDatabase(url!, database), 2), clock: a.clock });
    try {
      expect(await runOrderReactivations(restarted.db, new Date(now.getTime() + 7_200_000))).toContain(rows[0].id);
    } finally {
      await restarted.db.close();
    }
  });
});
