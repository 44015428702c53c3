import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../src/server/db/db';
import { pingCode } from '../../src/domain/engine';
import { ping } from '../../src/server/services/engine';
import { EngineRuntime } from '../../src/server/services/engine/runtime';
import { MISSED, withinDeadline } from '../../src/server/services/engine/deadline';
import { addBuyer, addOrder, addPackage, addVendor } from '../helpers/engine-market';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('withinDeadline: the result in time, MISSED after, a failure in time passes through, a late one goes to late', async () => {
  const late: unknown[] = [];
  const toLate = (e: unknown) => late.push(e);
  expect(await withinDeadline(Promise.resolve(7), 1_000, toLate)).toBe(7);
  expect(await withinDeadline(new Promise(() => {}), 5, toLate)).toBe(MISSED);
  await expect(withinDeadline(Promise.reject(new Error('boom')), 1_000, toLate)).rejects.toThrow('boom');
  expect(late).toEqual([]);
  // A failure after the deadline is reported, not left unhandled (vitest fails a run on an unhandled rejection).
  let fail: (e: Error) => void = () => {};
  const work = new Promise((_, reject) => (fail = reject));
  expect(await withinDeadline(work, 1, toLate)).toBe(MISSED);
  fail(new Error('late'));
  await Promise.resolve();
  expect(late.map((e) => (e as Error).message)).toEqual(['late']);
});

test('a ping whose match misses the deadline answers unmatched with reason deadline, and its ping id is kept', async () => {
  const vendor = await addVendor(t.db, t.clock.now());
  const packageId = await addPackage(t.db, { vendorId: vendor.id });
  const buyer = await addBuyer(t, { balanceCents: 100_000 });
  await addOrder(t, buyer, { packageId, vendorIds: [vendor.id] });
  // The match's reads wait until the answer is out; the ping row's write does not.
  let open: () => void = () => {};
  const gate = new Promise<void>((r) => (open = r));
  const slow: Db = { ...t.db, query: async (sql, params) => {
    if (typeof sql !== 'string' && sql.name !== 'engine_write_pings') await gate;
    return t.db.query(sql, params);
  } } as Db;
  const engine = new EngineRuntime(slow, 20, t.ctx.log);
  const lead = { vertical: 'autoins' as const, zipcode: '60601', state: 'IL', age: 30 };
  const answer = await ping(slow, engine, { vendorId: vendor.id, lead, leadJson: { ...lead }, now: t.clock.now() });
  expect(answer).toMatchObject({ matched: false, buyers: 0, priceCents: 0, reason: 'deadline' });
  const { rows } = await t.db.query<{ status: string }>('SELECT status FROM engine_pings WHERE id = $1', [answer.pingId]);
  expect(rows).toEqual([{ status: pingCode('status', 'unsold') }]);
  // Given the time, the same ping matches.
  open();
  const inTime = await ping(t.db, new EngineRuntime(t.db, 60_000, t.ctx.log), { vendorId: vendor.id, lead, leadJson: { ...lead }, now: t.clock.now() });
  expect(inTime).toMatchObject({ matched: true, buyers: 1 });
  await engine.close();
});
