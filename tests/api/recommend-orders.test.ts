import { afterAll, beforeAll, expect, test } from 'vitest';
import { addUser, DEMO, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * GET /recommend/orders (issue 19): the demand a company missed around its territory, from
 * the daily rollup of pings. A company of its own with one order in Anchorage (99501);
 * the rollup rows of Alaska are this file's, so the expected figures are sums of them.
 */
let t: TestApp;
let agent: TestClient;
let email: string;
let companyId: number;
const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  const now = t.clock.now();
  companyId = (await t.db.query<{ id: number }>(`INSERT INTO companies (name) VALUES ('Northern Lights Agency') RETURNING id`)).rows[0].id;
  ({ email } = await addUser(t));
  await t.db.query(`UPDATE users SET company_id = $2, zipcode = '99501', state = 'AK' WHERE email = $1`, [email, companyId]);
  const order = async (name: string, status: string, zip: string) => (await t.db.query<{ id: number }>(
    `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, max_bid_cents, territory, created_at, modified_at)
     SELECT $2, u.id, p.id, $4, p.vertical, p.product, $5, 2000, jsonb_build_object('geoType', 'zip', 'state', 'AK', 'zips', jsonb_build_array(jsonb_build_object('id', $6::text, 'enabled', true))), $3, $3
       FROM users u, packages p WHERE u.email = $1 AND p.name = 'Auto Shared Leads' RETURNING id`, [email, companyId, now, name, status, zip])).rows[0].id;
  const bought = (orderId: number, n: number, zip: string) => t.db.query(
    `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, price_cents, zipcode, state, inserted_at)
     SELECT o.id, o.company_id, o.user_id, (SELECT min(id) FROM vendors), o.package_id, o.vertical, o.product, 'Al', 'Aska', 1500, $3, 'AK', $2
       FROM orders o, generate_series(1, $4::int) WHERE o.id = $1`, [orderId, new Date(now.getTime() - DAY), zip, n]);
  // Yesterday the company bought 5 auto leads in Anchorage, 2 more by an order paused since
  // (its territory is in the area: they count), and 3 in Fairbanks by another paused order
  // (outside the area: they do not).
  await bought(await order('Anchorage auto', 'active', '99501'), 5, '99501');
  await bought(await order('Anchorage auto, paused', 'inactive', '99501'), 2, '99501');
  await bought(await order('Fairbanks auto, paused', 'inactive', '99701'), 3, '99701');
  await t.db.query(`DELETE FROM ping_day_counts WHERE state = 'AK' OR zipcode LIKE '99%'`);
  const add = (daysAgo: number, vertical: string, product: string, zip: string, pings: number, sold: number) =>
    t.db.query(`INSERT INTO ping_day_counts (day, vertical, product, zipcode, state, pings, sold) VALUES ($1, $2, $3, $4, 'AK', $5, $6)`,
      [iso(new Date(now.getTime() - daysAgo * DAY)), vertical, product, zip, pings, sold]);
  await add(1, 'autoins', 'leads', '99501', 30, 10); // in the area
  await add(3, 'autoins', 'leads', '99503', 10, 0); // Anchorage too, within 30 miles
  await add(2, 'homeins', 'leads', '99501', 20, 0);
  await add(35, 'autoins', 'leads', '99501', 1000, 0); // before the window
  await add(1, 'autoins', 'leads', '99701', 500, 0); // Fairbanks: far away
  agent = await sessionFor(t, email);
}, 60_000);
afterAll(() => t?.close());

test('missed demand around the territory, best first, at most 5, radius 30', async () => {
  const res = await agent.GET('/recommend/orders');
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  const items = res.data!.orders;
  expect(items.length).toBeGreaterThan(0);
  expect(items.length).toBeLessThanOrEqual(5);
  // Auto leads: 40 pings, 10 sold to anyone, 7 bought by the company's orders there; home leads: 20 pings, none sold.
  const auto = { vertical: 'autoins', product: 'leads', pings: 40, unsold: 33, noBuyer: 30, radiusMiles: 30 };
  const home = { vertical: 'homeins', product: 'leads', pings: 20, unsold: 20, noBuyer: 20, radiusMiles: 30 };
  expect(items[0]).toMatchObject(auto);
  const kinds = items.map((i) => i.vertical);
  expect(kinds).toEqual([...kinds].sort()); // every auto item before every home one
  for (const i of items) expect(i).toMatchObject(i.vertical === 'autoins' ? auto : home);
  // One item per kind of demand, by a package the company runs no order of yet.
  const autoIds = items.filter((i) => i.vertical === 'autoins').map((i) => i.packageName);
  if (autoIds.length > 1) expect(autoIds[0]).not.toBe('Auto Shared Leads');
  // No CLD package is recommended.
  const cld = (await t.db.query<{ name: string }>(`SELECT name FROM packages WHERE cld_growth OR cld_type IS NOT NULL`)).rows.map((r) => r.name);
  for (const i of items) expect(cld).not.toContain(i.packageName);
  expect(items[0].why).toContain('33 of 40');
});

test('the engine counts pings per day and ZIP, added in batches and read after a flush', async () => {
  const before = (await agent.GET('/recommend/orders')).data!.orders[0];
  t.ctx.engine.pingDays.seen({ vertical: 'autoins', product: 'leads', zipcode: '99501', state: 'AK' }, t.clock.now(), false);
  t.ctx.engine.pingDays.seen({ vertical: 'autoins', product: 'leads', zipcode: '99501', state: 'AK' }, t.clock.now(), true);
  const after = (await agent.GET('/recommend/orders')).data!.orders[0];
  expect(after).toMatchObject({ pings: before.pings + 2, unsold: before.unsold + 2, noBuyer: before.noBuyer + 1 });
  const { rows } = await t.db.query<{ pings: string; sold: string }>(
    `SELECT pings, sold FROM ping_day_counts WHERE day = $1 AND zipcode = '99501' AND vertical = 'autoins' AND product = 'leads'`, [iso(t.clock.now())]);
  expect(rows.map((r) => [Number(r.pings), Number(r.sold)])).toEqual([[2, 1]]);
});

test('roles: agents only (an admin switched into one acts as them); a company without demand gets none', async () => {
  for (const who of [DEMO.admin, DEMO.corporate, DEMO.regional, DEMO.vendor])
    expect((await (await sessionFor(t, who)).GET('/recommend/orders')).response.status, who).toBe(403);
  const switched = await sessionFor(t, DEMO.admin, email);
  expect((await switched.GET('/recommend/orders')).data).toEqual((await agent.GET('/recommend/orders')).data);
  const lonely = await addUser(t);
  const company = (await t.db.query<{ id: number }>(`INSERT INTO companies (name) VALUES ('Nowhere') RETURNING id`)).rows[0].id;
  await t.db.query(`UPDATE users SET company_id = $2, zipcode = NULL WHERE email = $1`, [lonely.email, company]);
  expect((await (await sessionFor(t, lonely.email)).GET('/recommend/orders')).data).toEqual({ orders: [] });
});
