import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { dayIn } from '../helpers/day-in';

/**
 * GET /reports/weekly-stats: the dashboard's weekly cards for each role's scope, with the
 * expected figures worked out here from the raw lead rows (days in each buying agent's
 * zone, weeks in the viewer's), never from the rollups; another company is a 403 for
 * anyone but an admin; bad input is a 400 that changes nothing.
 */
let t: TestApp;
/** Wednesday 25 November 2026, 12:00 in New York: this week is 23–25 November, last week 16–22. */
const NOW = Date.parse('2026-11-25T17:00:00Z');
const THIS = { from: '2026-11-23', to: '2026-11-25' };
const LAST = { from: '2026-11-16', to: '2026-11-22' };
let agent: number;
let agentCompany: number;
let orderId: number;
let callOrder: { id: number; companyId: number; userId: number } | undefined;

const within = (d: string, w: { from: string; to: string }) => d >= w.from && d <= w.to;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advance(NOW - t.clock.now().getTime());
  // Viewers in New York; the demo agent buys in Los Angeles, so their evening is the next day in UTC.
  await t.db.query("UPDATE users SET timezone = 'America/New_York'");
  agent = await userId(t, DEMO.agent);
  await t.db.query("UPDATE users SET timezone = 'America/Los_Angeles' WHERE id = $1", [agent]);
  const o = (await t.db.query<{ id: number; company_id: number }>("SELECT id, company_id FROM orders WHERE user_id = $1 AND product = 'leads' ORDER BY id LIMIT 1", [agent])).rows[0];
  orderId = o.id;
  agentCompany = o.company_id;
  const c = (await t.db.query<{ id: number; company_id: number; user_id: number }>("SELECT id, company_id, user_id FROM orders WHERE product = 'calls' AND user_id = $1 ORDER BY id LIMIT 1", [agent])).rows[0];
  callOrder = c && { id: c.id, companyId: c.company_id, userId: c.user_id };
  const vendor = (await t.db.query<{ id: number }>('SELECT id FROM vendors ORDER BY id LIMIT 1')).rows[0].id;
  // Sales on both sides of each week's edges in the agent's zone (and of the viewer's), some returned.
  const sales: Array<[string, string | null, string | null]> = [
    ['2026-11-23T07:30:00Z', null, null], // Sunday 23:30 in Los Angeles: last week for this agent
    ['2026-11-23T08:30:00Z', 'return_pending', '2026-11-24T10:00:00Z'], // Monday 00:30 in Los Angeles
    ['2026-11-16T07:59:00Z', null, null], // Sunday 15th in Los Angeles: the week before last
    ['2026-11-16T08:01:00Z', 'return_denied', '2026-11-23T07:00:00Z'], // asked on Sunday 22nd in Los Angeles
    ['2026-11-25T16:00:00Z', 'return_approved', '2026-11-25T16:30:00Z'],
  ];
  for (const [at, status, asked] of sales) {
    await t.db.query(
      `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, state, price_cents, inserted_at,
                          return_status, return_reason, return_requested_at, deny_reason)
       SELECT o.id, o.company_id, o.user_id, $2, o.package_id, o.vertical, o.product, 'Week', 'Edge', 'TX', 1500, $3, $4::text,
              CASE WHEN $4::text IS NULL THEN NULL ELSE 'wrong_number' END, $5, CASE WHEN $4::text = 'return_denied' THEN 'contact_verified' END
         FROM orders o WHERE o.id = $1`, [orderId, vendor, at, status, asked]);
  }
  if (callOrder) {
    const call = (await t.db.query<{ id: number }>(`INSERT INTO calls (order_id, company_id, vendor_id, status, price_cents, phone, inserted_at)
      VALUES ($1, $2, $3, 'completed', 2500, '5550100', $4) RETURNING id`, [callOrder.id, callOrder.companyId, vendor, '2026-11-24T15:00:00Z'])).rows[0].id;
    await t.db.query(`INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, call_id, vertical, product, first_name, last_name, state, price_cents, inserted_at)
      SELECT o.id, o.company_id, o.user_id, $2, o.package_id, $3, o.vertical, o.product, 'Call', 'Er', 'TX', 2500, $4 FROM orders o WHERE o.id = $1`,
    [callOrder.id, vendor, call, '2026-11-24T15:00:00Z']);
  }
  // Scrubbed leads as the engine adds them: this week's count, last week's left out.
  await t.db.query(`INSERT INTO order_scrubbed_daily (day, order_id, state, company_id, user_id, n, cost_cents) VALUES
    ('2026-11-24', $1, 'TX', $2, $3, 3, 4500), ('2026-11-20', $1, 'TX', $2, $3, 7, 9100)`, [orderId, agentCompany, agent]);
}, 60_000);
afterAll(() => t?.close());

/** The figures of the raw rows a condition on leads `l` selects (sales only: a call matched but never charged is none). */
async function expected(where: string, params: unknown[], scrubbedWhere: string) {
  const { rows } = await t.db.query<{ product: string; inserted_at: Date; return_requested_at: Date | null; return_status: string | null; timezone: string }>(
    `SELECT l.product, l.inserted_at, l.return_requested_at, l.return_status, u.timezone FROM leads l JOIN users u ON u.id = l.user_id WHERE l.billed AND (${where})`, params);
  const count = (product: string, w: typeof THIS) => rows.filter((r) => r.product === product && within(dayIn(r.inserted_at, r.timezone), w)).length;
  const returns = (w: typeof THIS) => rows.filter((r) => r.return_status !== null && within(dayIn(r.return_requested_at ?? r.inserted_at, r.timezone), w)).length;
  const rate = (w: typeof THIS) => (count('leads', w) + count('calls', w) === 0 ? null : returns(w) / (count('leads', w) + count('calls', w)));
  const s = (await t.db.query<{ n: number; cost: number }>(
    `SELECT coalesce(sum(n), 0)::int AS n, coalesce(sum(cost_cents), 0)::int AS cost FROM order_scrubbed_daily l WHERE day BETWEEN '${THIS.from}' AND '${THIS.to}' AND ${scrubbedWhere}`,
    params)).rows[0];
  return {
    asOf: new Date(NOW).toISOString(),
    weekStart: THIS.from,
    leads: { thisWeek: count('leads', THIS), lastWeek: count('leads', LAST) },
    calls: { thisWeek: count('calls', THIS), lastWeek: count('calls', LAST) },
    returns: { thisWeek: returns(THIS), lastWeek: returns(LAST) },
    returnRate: { thisWeek: rate(THIS), lastWeek: rate(LAST) },
    scrubbed: { countThisWeek: s.n, costThisWeek: s.cost },
  };
}

const tokens = new Map<string, string>();
async function stats(email: string, company?: number | string) {
  if (!tokens.has(email)) tokens.set(email, (await sessionFor(t, email)).session.token!);
  const r = await t.request({ method: 'GET', url: `/rest/reports/weekly-stats${company === undefined ? '' : `?company=${company}`}`, token: tokens.get(email)! });
  const fresh = r.headers['x-auth-token'];
  if (typeof fresh === 'string') tokens.set(email, fresh);
  return r;
}

describe('GET /reports/weekly-stats', () => {
  it("an agent: their own leads, each on its day in the agent's zone", async () => {
    const r = await stats(DEMO.agent);
    expect(r.statusCode, r.body).toBe(200);
    const want = await expected('l.user_id = $1', [agent], 'l.user_id = $1');
    expect(JSON.parse(r.body)).toEqual(want);
    // The edges counted as designed: the sale at 00:30 Monday is this week's, the one at 23:30 Sunday last week's.
    expect(want.leads.thisWeek).toBeGreaterThanOrEqual(2);
    expect(want.scrubbed).toEqual({ countThisWeek: 3, costThisWeek: 4500 });
    expect(want.returns.thisWeek).toBeGreaterThanOrEqual(2);
  });

  it("a corporate manager: the company's; naming it changes nothing; another company is a 403", async () => {
    const company = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [await userId(t, DEMO.corporate)])).rows[0].company_id;
    const want = await expected('l.company_id = $1', [company], 'l.company_id = $1');
    const r = await stats(DEMO.corporate);
    expect(r.statusCode, r.body).toBe(200);
    expect(JSON.parse(r.body)).toEqual(want);
    expect(JSON.parse((await stats(DEMO.corporate, company)).body)).toEqual(want);
    const other = (await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [company])).rows[0].id;
    expect((await stats(DEMO.corporate, other)).statusCode).toBe(403);
    expect((await stats(DEMO.agent, other === agentCompany ? company : other)).statusCode).toBe(403);
  });

  it("a regional manager: the consumers in their region's states", async () => {
    const regional = await userId(t, DEMO.regional);
    const states = `l.state IN (SELECT rs.state FROM region_states rs WHERE rs.region_id =
      (SELECT coalesce(u.region_id, (SELECT x.region_id FROM region_states x WHERE x.state = u.state)) FROM users u WHERE u.id = $1))`;
    const r = await stats(DEMO.regional);
    expect(r.statusCode, r.body).toBe(200);
    expect(JSON.parse(r.body)).toEqual(await expected(states, [regional], states));
  });

  it('an admin: every company, or the one named (any)', async () => {
    const all = await stats(DEMO.admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(JSON.parse(all.body)).toEqual(await expected('true', [], 'true'));
    const one = await stats(DEMO.admin, agentCompany);
    expect(JSON.parse(one.body)).toEqual(await expected('l.company_id = $1', [agentCompany], 'l.company_id = $1'));
  });

  it('bad input is a 400 and changes nothing; a vendor may not ask', async () => {
    await stats(DEMO.admin);
    const before = await snapshot(t.db);
    for (const company of ['0', 'abc', '2147483648', '-1', '1.5']) expect((await stats(DEMO.admin, company)).statusCode, company).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await stats(DEMO.vendor)).statusCode).toBe(403);
  });
});
