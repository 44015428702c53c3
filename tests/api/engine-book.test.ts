import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OrderBook, trimBookLog, BOOK_LOG_VERSIONS } from '../../src/server/services/engine/book';
import { addBuyer, addOrder, addPackage, addVendor } from '../helpers/engine-market';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The order book (services/engine/book.ts, migrations 018 and 019): what a server keeps
 * of the orders' own settings follows every change, reading only the orders changed
 * since its version, and the whole book when its log no longer reaches back.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const version = async () => (await t.db.query<{ v: string }>('SELECT v::text AS v FROM engine_book_version')).rows[0].v;
const area = { vertical: 'autoins' as const, product: 'leads' as const, zip: '60601', state: 'IL' };

describe('the order book', () => {
  test('walks an area best bid first (then the lower id), ZIP and state lists merged, an order listed under both once, and a patch keeps the order', async () => {
    const vendor = await addVendor(t.db, t.clock.now());
    const packageId = await addPackage(t.db, { vendorId: vendor.id });
    const buyer = await addBuyer(t, { balanceCents: 10_000 });
    const at = { packageId, vendorIds: [vendor.id] };
    const byZip = await addOrder(t, buyer, { ...at, zips: ['60603'], maxBidCents: 2500 });
    const byState = await addOrder(t, buyer, { ...at, state: 'IL', maxBidCents: 2600 });
    const tie = await addOrder(t, buyer, { ...at, zips: ['60603'], maxBidCents: 2600 });
    const zip60603 = { ...area, zip: '60603' };
    const book = new OrderBook();
    const ranked = (b: Awaited<ReturnType<OrderBook['current']>>) => b.ordersIn(zip60603);
    const isRanked = (list: Array<{ id: number; bidCents: number }>) =>
      list.every((o, i) => i === 0 || list[i - 1].bidCents > o.bidCents || (list[i - 1].bidCents === o.bidCents && list[i - 1].id < o.id));
    const first = ranked(await book.current(t.db));
    expect(isRanked(first)).toBe(true);
    expect(new Set(first.map((o) => o.id)).size).toBe(first.length);
    expect(first.map((o) => o.id).filter((id) => [byZip, byState, tie].includes(id))).toEqual([byState, tie, byZip]);
    // A bid raised moves the order up in its lists.
    await t.db.query('UPDATE orders SET max_bid_cents = 2700 WHERE id = $1', [byZip]);
    const patched = ranked(await book.reload(t.db, await version()));
    expect(isRanked(patched)).toBe(true);
    expect(patched.map((o) => o.id).filter((id) => [byZip, byState, tie].includes(id))).toEqual([byZip, byState, tie]);
    // Listed under its ZIP and its state (no territory makes both today; the walk must not count on it): walked once.
    await t.db.query("INSERT INTO order_areas (area, vertical, product, order_id) VALUES ('60603', 'autoins', 'leads', $1)", [byState]);
    const next = ranked(await new OrderBook().current(t.db));
    expect(isRanked(next)).toBe(true);
    expect(next.filter((o) => o.id === byState)).toHaveLength(1);
    expect(next.map((o) => o.id).filter((id) => [byZip, byState, tie].includes(id))).toEqual([byZip, byState, tie]);
  });

  test('a change moves the version once per transaction, and a reload reads only the orders changed', async () => {
    const vendor = await addVendor(t.db, t.clock.now());
    const packageId = await addPackage(t.db, { vendorId: vendor.id });
    const buyer = await addBuyer(t, { balanceCents: 10_000 });
    const a = await addOrder(t, buyer, { packageId, vendorIds: [vendor.id] });
    const book = new OrderBook();
    const first = await book.current(t.db);
    expect(first.ordersIn(area).map((o) => o.id)).toContain(a);
    expect(book.loads).toEqual({ whole: 1, changes: 0 });

    const before = await version();
    await t.db.transaction(async (tx) => {
      await tx.query('UPDATE orders SET max_bid_cents = 4321 WHERE id = $1', [a]);
      await tx.query('UPDATE orders SET cap_daily = 7 WHERE id = $1', [a]);
    });
    expect(BigInt(await version())).toBe(BigInt(before) + 1n);
    // A sale's write (last_sold_at) is not a change of the book.
    await t.db.query('UPDATE orders SET last_sold_at = now() WHERE id = $1', [a]);
    expect(BigInt(await version())).toBe(BigInt(before) + 1n);

    const next = await book.reload(t.db, await version());
    expect(book.loads).toEqual({ whole: 1, changes: 1 });
    expect(next.ordersIn(area).find((o) => o.id === a)).toMatchObject({ max_bid_cents: 4321, cap_daily: 7 });
    // The book a match started with is left as it was.
    expect(first.ordersIn(area).find((o) => o.id === a)?.max_bid_cents).not.toBe(4321);

    expect(book.waitingAtLeast(a)).toBeGreaterThan(0);
    await t.db.query('UPDATE orders SET deleted_at = now() WHERE id = $1', [a]);
    expect((await book.reload(t.db, await version())).ordersIn(area).map((o) => o.id)).not.toContain(a);
    expect(book.loads).toEqual({ whole: 1, changes: 2 });
    // Its tie-break bound goes with it (the map holds the book's orders only).
    expect(book.waitingAtLeast(a)).toBe(-Infinity);
  });

  test('two orders of one area changed at once: the patch empties the area once and puts both back (it crashed before)', async () => {
    const vendor = await addVendor(t.db, t.clock.now());
    const packageId = await addPackage(t.db, { vendorId: vendor.id });
    const buyer = await addBuyer(t, { balanceCents: 10_000 });
    const zone = { ...area, zip: '60602' };
    const ids = [await addOrder(t, buyer, { packageId, vendorIds: [vendor.id], zips: ['60602'] }),
      await addOrder(t, buyer, { packageId, vendorIds: [vendor.id], zips: ['60602'] })];
    const book = new OrderBook();
    expect((await book.current(t.db)).ordersIn(zone).map((o) => o.id)).toEqual(expect.arrayContaining(ids));
    await t.db.query(`UPDATE orders SET status = 'inactive' WHERE id = ANY($1::int[])`, [ids]);
    const next = await book.reload(t.db, await version());
    expect(book.loads).toEqual({ whole: 1, changes: 1 });
    expect(next.ordersIn(zone).filter((o) => ids.includes(o.id)).map((o) => o.standing.active)).toEqual([false, false]);
  });

  test("an agent's time zone reloads that agent's orders only; a package's price or a company's hourly cap moves no version", async () => {
    const vendor = await addVendor(t.db, t.clock.now());
    const packageId = await addPackage(t.db, { vendorId: vendor.id });
    const buyer = await addBuyer(t, { balanceCents: 10_000, timezone: 'America/Chicago' });
    const a = await addOrder(t, buyer, { packageId, vendorIds: [vendor.id] });
    const idle = await addBuyer(t, { timezone: 'America/Chicago' });
    const book = new OrderBook();
    await book.current(t.db);

    const before = await version();
    // Read with the moving facts of each match, never held in the book.
    await t.db.query('UPDATE packages SET cost_cents = cost_cents + 1, max_buyers = 2 WHERE id = $1', [packageId]);
    await t.db.query('UPDATE companies SET hourly_lead_cap = 3 WHERE id = $1', [buyer.companyId]);
    // The same zone written again, or an agent without orders: nothing in the book moves.
    await t.db.query('UPDATE users SET timezone = timezone WHERE id = $1', [buyer.userId]);
    await t.db.query("UPDATE users SET timezone = 'America/Denver' WHERE id = $1", [idle.userId]);
    expect(await version()).toBe(before);

    await t.db.query("UPDATE users SET timezone = 'America/New_York' WHERE id = $1", [buyer.userId]);
    const { rows } = await t.db.query<{ order_id: number }>('SELECT order_id FROM engine_book_changes WHERE v > $1', [before]);
    expect(rows).toEqual([{ order_id: a }]);
    const next = await book.reload(t.db, await version());
    expect(book.loads).toEqual({ whole: 1, changes: 1 });
    expect(next.ordersIn(area).find((o) => o.id === a)?.standing.timeZone).toBe('America/New_York');
  });

  test('a log trimmed past the book loads the book whole, and keeps the bounds of its orders only', async () => {
    const book = new OrderBook();
    await book.current(t.db);
    const gone = (await t.db.query<{ id: number }>('SELECT max(id) AS id FROM orders WHERE deleted_at IS NULL')).rows[0].id;
    expect(book.waitingAtLeast(gone)).toBeGreaterThan(0);
    await t.db.query('UPDATE orders SET deleted_at = now() WHERE id = $1', [gone]);
    await t.db.query('UPDATE engine_book_version SET v = v + $1', [BOOK_LOG_VERSIONS + 5]);
    await t.db.query("UPDATE orders SET name = name || '.' WHERE id = (SELECT min(id) FROM orders)");
    await trimBookLog(t.db);
    await book.reload(t.db, await version());
    expect(book.loads).toEqual({ whole: 2, changes: 0 });
    expect(book.waitingAtLeast(gone)).toBe(-Infinity);
  });
});
