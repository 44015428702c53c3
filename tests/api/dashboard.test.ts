import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPERT_RECOMMENDATIONS } from '../../src/domain/dashboard/recommendation';
import { factsById } from '../../src/server/services/engine/facts';
import { DEMO, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * GET /dashboard (issue 19): who may call it, the scope of its orders and the company
 * parameter, bad input, the holiday banners by day in the caller's zone, and each branch
 * of the expert recommendation on orders written here. Expectations come from the rows
 * this file writes and from plain SQL over the raw tables.
 */
let t: TestApp;
let agent: TestClient;
let admin: TestClient;
let companyA: number;
let companyB: number;
let orderB: number;
const DAY = 86_400_000;
/** A Wednesday in mid-December: the month has business days behind and ahead. */
const AT = new Date('2026-12-16T18:00:00Z');

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advance(AT.getTime() - t.clock.now().getTime());
  [agent, admin] = await Promise.all([DEMO.agent, DEMO.admin].map((e) => sessionFor(t, e)));
  companyA = (await t.db.query<{ c: number }>('SELECT company_id AS c FROM users WHERE email = $1', [DEMO.agent])).rows[0].c;
  const b = (await t.db.query<{ id: number; company_id: number }>(
    `SELECT o.id, o.company_id FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.company_id <> $1 AND o.status = 'active' AND o.deleted_at IS NULL AND u.role = 'user' ORDER BY o.id LIMIT 1`, [companyA])).rows[0];
  companyB = b.company_id;
  orderB = b.id;
}, 60_000);
afterAll(() => t?.close());

const activeIdsOf = async (companyId: number) =>
  (await t.db.query<{ id: number }>(`SELECT id FROM orders WHERE company_id = $1 AND status = 'active' AND deleted_at IS NULL ORDER BY name, id`, [companyId])).rows.map((r) => r.id);

describe('who may see which orders', () => {
  test('an agent sees the active orders of their company, by name', async () => {
    const res = await agent.GET('/dashboard');
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const ids = await activeIdsOf(companyA);
    expect(res.data!.orders.map((o) => o.orderId)).toEqual(ids.slice(0, 100));
    expect(res.data!).toMatchObject({ total: ids.length, companyId: companyA, asOf: AT.toISOString(), today: '2026-12-16' });
  });

  test('a non-admin naming another company is refused; their own is fine', async () => {
    expect((await agent.GET('/dashboard', { params: { query: { company: companyB } } })).response.status).toBe(403);
    expect((await agent.GET('/dashboard', { params: { query: { company: companyA } } })).response.status).toBe(200);
    for (const email of [DEMO.corporate, DEMO.regional]) {
      const c = await sessionFor(t, email);
      expect((await c.GET('/dashboard', { params: { query: { company: companyB } } })).response.status, email).toBe(403);
      expect((await c.GET('/dashboard')).response.status, email).toBe(200);
    }
  });

  test('an admin picks a company; without one there are no orders', async () => {
    const none = await admin.GET('/dashboard');
    expect(none.data).toMatchObject({ orders: [], total: 0, companyId: null });
    const b = await admin.GET('/dashboard', { params: { query: { company: companyB } } });
    expect(b.data!.orders.map((o) => o.orderId)).toEqual(await activeIdsOf(companyB));
    expect(b.data!.orders.map((o) => o.orderId)).toContain(orderB);
    expect(b.data!.companyId).toBe(companyB);
  });

  test('a vendor may not open it; bad input is the standard 400', async () => {
    const vendor = await sessionFor(t, DEMO.vendor);
    expect((await vendor.GET('/dashboard')).response.status).toBe(403);
    for (const company of ['0', 'abc', '2147483648', '-3']) {
      const res = await t.request({ method: 'GET', url: `/rest/dashboard?company=${company}`, token: agent.session.token });
      expect(res.statusCode, company).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ error: expect.any(String) });
    }
  });
});

describe('holiday banners, in the caller’s zone', () => {
  test('the seeded windows of 2022 are data', async () => {
    const { rows } = await t.db.query<{ s: string; e: string }>(
      `SELECT to_char(starts_on, 'YYYY-MM-DD') AS s, to_char(ends_on, 'YYYY-MM-DD') AS e FROM holiday_banners ORDER BY starts_on`);
    expect(rows).toEqual([{ s: '2022-12-22', e: '2022-12-27' }, { s: '2022-12-28', e: '2023-01-03' }]);
  });

  test('near midnight the day is the caller’s', async () => {
    // 04:30 UTC on the 17th is still the 16th in Chicago.
    const late = new Date('2026-12-17T04:30:00Z');
    t.clock.advance(late.getTime() - t.clock.now().getTime());
    await t.db.query(`INSERT INTO holiday_banners (starts_on, ends_on, text) VALUES ('2026-12-10', '2026-12-16', 'Until the 16th'), ('2026-12-17', '2026-12-20', 'From the 17th')`);
    const chicago = await sessionFor(t, DEMO.agent);
    await t.db.query(`UPDATE users SET timezone = 'America/Chicago' WHERE email = $1`, [DEMO.agent]);
    const there = await chicago.GET('/dashboard');
    expect(there.data!.today).toBe('2026-12-16');
    expect(there.data!.banners.map((b) => b.text)).toEqual(['Until the 16th']);
    await t.db.query(`UPDATE users SET timezone = 'UTC' WHERE email = $1`, [DEMO.agent]);
    const utc = await (await sessionFor(t, DEMO.agent)).GET('/dashboard');
    expect(utc.data!.today).toBe('2026-12-17');
    expect(utc.data!.banners).toEqual([{ id: expect.any(Number), startsOn: '2026-12-17', endsOn: '2026-12-20', text: 'From the 17th' }]);
    await t.db.query(`UPDATE users SET timezone = 'America/New_York' WHERE email = $1`, [DEMO.agent]);
    await t.db.query(`DELETE FROM holiday_banners WHERE starts_on >= '2026-01-01'`);
    t.clock.advance(AT.getTime() - t.clock.now().getTime());
  });
});

describe('the expert recommendation, end to end', () => {
  const zipTerritory = (zip: string) => JSON.stringify({ geoType: 'zip', state: 'AK', zips: [{ id: zip, enabled: true }] });

  /** `n` leads of an order sold at `at` in a ZIP. */
  const sell = (id: number, at: Date, n = 1, zip = '99501') => t.db.query(
    `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, price_cents, zipcode, state, inserted_at)
     SELECT o.id, o.company_id, o.user_id, (SELECT min(id) FROM vendors), o.package_id, o.vertical, o.product, 'Lee', 'Lead', 2000, $4, 'AK', $2
       FROM orders o, generate_series(1, $3) WHERE o.id = $1`, [id, at, n, zip]);

  /** An active order of the demo agent in one ZIP, with a bid, a monthly cap and `sold` leads this month. */
  async function order(pkg: string, zip: string, bid: number, cap: number, sold: number): Promise<number> {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, max_bid_cents, cap_monthly, territory, created_at, modified_at)
       SELECT u.company_id, u.id, p.id, 'Dash ' || $3, p.vertical, p.product, 'active', $4, $5, $6::jsonb, $7, $7
         FROM users u, packages p WHERE u.email = $1 AND p.name = $2 RETURNING id`,
      [DEMO.agent, pkg, `${zip}-${bid}-${cap}`, bid, cap, zipTerritory(zip), new Date(AT.getTime() - 40 * DAY)]);
    const id = rows[0].id;
    await sell(id, new Date(AT.getTime() - DAY), sold, zip);
    return id;
  }

  /** What the engine's caps rule reads of an order now (its sales in the agent's day, week and month). */
  async function engineUsed(id: number): Promise<{ today: number; week: number; month: number }> {
    const [f] = await factsById(t.db, { vendorId: 1, now: t.clock.now(), hour: t.clock.now(), orderIds: [id] });
    return { today: f.used_day, week: f.used_week, month: f.used_month };
  }

  test('each branch shows its text; none on pace or for CLD', async () => {
    // Anchorage's market: three sales at $20.00 by company B in the last 30 days (the median is 2000).
    await t.db.query(
      `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, price_cents, zipcode, state, inserted_at)
       SELECT o.id, o.company_id, o.user_id, (SELECT min(id) FROM vendors), p.id, 'autoins', 'leads', 'Mia', 'Market', 2000, '99501', 'AK', $2
         FROM orders o, packages p, generate_series(1, 3) WHERE o.id = $1 AND p.name = 'Auto Shared Leads'`, [orderB, new Date(AT.getTime() - 2 * DAY)]);
    const std = (await t.db.query<{ bid: number; cost: number }>(
      `SELECT greatest(max_bid_floor_cents, cost_cents) AS bid, cost_cents AS cost FROM packages WHERE name = 'Auto Shared Leads'`)).rows[0];
    const cases = {
      standard: await order('Auto Shared Leads', '99501', std.bid, 1000, 0),
      custom: await order('Auto Shared Leads', '99501', std.bid + 300, 1000, 0),
      above: await order('Auto Shared Leads', '99501', 2500, 1000, 0),
      unpriced: await order('Auto Shared Leads', '99701', std.bid, 1000, 0),
      onPace: await order('Auto Shared Leads', '99501', std.bid, 2, 2),
      cld: await order('Auto Growth Leads', '99501', 750, 1000, 0),
    };
    const res = await agent.GET('/dashboard');
    const of = (id: number) => res.data!.orders.find((o) => o.orderId === id)!;
    expect(of(cases.standard)).toMatchObject({ recommendation: 'selectMarketLevel', marketLevelCents: 2000, maxBidCents: std.bid, costCents: std.cost, cld: false });
    expect(of(cases.custom)).toMatchObject({ recommendation: 'customBidBelowMarket', maxBidCents: std.bid + 300 });
    expect(of(cases.above).recommendation).toBe('reviewBidding');
    expect(of(cases.unpriced)).toMatchObject({ recommendation: 'reviewBidding', marketLevelCents: null });
    expect(of(cases.onPace)).toMatchObject({ recommendation: null, month: { sold: 2, cap: 2, remaining: 0, fillRate: 1 } });
    expect(of(cases.cld)).toMatchObject({ recommendation: null, cld: true });
    // December 16th 2026 (a Wednesday) through the 31st: 16, 17, 18, 21-24, 28-31.
    expect(of(cases.standard).month).toEqual({ sold: 0, cap: 1000, remaining: 1000, fillRate: 0, businessDaysLeft: 12 });
    expect(Object.keys(EXPERT_RECOMMENDATIONS)).toContain(of(cases.standard).recommendation);
  });

  test('a sale this month moves the bar; a returned lead still counts, as it does against the caps (as GET /orders/caps)', async () => {
    const id = await order('Auto Shared Leads', '99501', 2500, 10, 4);
    await t.db.query(`UPDATE leads SET return_status = 'return_approved', return_reason = 'wrong_number', return_requested_at = $2 WHERE id = (SELECT min(id) FROM leads WHERE order_id = $1)`, [id, t.clock.now()]);
    const res = await agent.GET('/dashboard');
    expect(res.data!.orders.find((o) => o.orderId === id)!.month).toMatchObject({ sold: 4, cap: 10, remaining: 6, fillRate: 0.4 });
    const caps = await agent.GET('/orders/caps', { params: { query: { orderIds: [id] } } });
    expect(caps.data!.orders[0].sold).toEqual(await engineUsed(id));
    expect(caps.data!.orders[0].sold.month).toBe(4);
  });

  test('the day, week and month are the agent’s: a sale before they began in the agent’s zone counts in none of them', async () => {
    await t.db.query(`UPDATE users SET timezone = 'America/Chicago' WHERE email = $1`, [DEMO.agent]);
    const id = await order('Auto Shared Leads', '99501', 2500, 100, 0);
    // Chicago is UTC-6 in December; now is Wednesday the 16th, 12:00 there.
    await sell(id, new Date('2026-12-01T03:00:00Z')); // Monday November 30th, 21:00: last month
    await sell(id, new Date('2026-12-14T04:00:00Z')); // Sunday the 13th, 22:00: this month, last week
    await sell(id, new Date('2026-12-14T07:00:00Z')); // Monday the 14th, 01:00: this week
    await sell(id, new Date('2026-12-16T05:30:00Z')); // Tuesday the 15th, 23:30: this week, not today
    await sell(id, new Date('2026-12-16T06:30:00Z')); // Wednesday the 16th, 00:30: today
    const want = { today: 1, week: 3, month: 4 };
    const caps = await agent.GET('/orders/caps', { params: { query: { orderIds: [id] } } });
    expect(caps.data!.orders[0].sold).toEqual(want);
    expect(await engineUsed(id)).toEqual(want);
    expect((await agent.GET('/dashboard')).data!.orders.find((o) => o.orderId === id)!.month).toMatchObject({ sold: 4, cap: 100 });
    // Back in New York (UTC-5) the counters are rebuilt for the agent's zone: Tuesday 23:30 in Chicago is Wednesday 00:30 there.
    await t.db.query(`UPDATE users SET timezone = 'America/New_York' WHERE email = $1`, [DEMO.agent]);
    const back = { today: 2, week: 3, month: 4 };
    expect((await agent.GET('/orders/caps', { params: { query: { orderIds: [id] } } })).data!.orders[0].sold).toEqual(back);
    expect(await engineUsed(id)).toEqual(back);
  });
});
