import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, DEMO, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { dayIn } from '../helpers/day-in';

/**
 * GET /reports/dashboard: 12 months and 12 weeks of figures for the caller's lead scope
 * and the per-agent averages of their region and the nation, worked out here from the raw
 * lead rows (days in each buying agent's zone, periods in the viewer's), never from the
 * rollups or the code under test; an average over fewer than 5 agents is withheld; another
 * company is a 403 for anyone but an admin; bad input is a 400 that changes nothing.
 */
let t: TestApp;
/** Wednesday 25 November 2026, 12:00 in New York. */
const NOW = Date.parse('2026-11-25T17:00:00Z');
const TODAY = '2026-11-25';
type Period = { from: string; to: string };
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
// December 2025 to November 2026 (to today); the weeks of Monday 7 September to this Wednesday.
const MONTHS: Period[] = Array.from({ length: 12 }, (_, i) => ({ from: iso(utc(2025, 11 + i, 1)), to: i === 11 ? TODAY : iso(utc(2025, 12 + i, 0)) }));
const WEEKS: Period[] = Array.from({ length: 12 }, (_, i) => ({ from: iso(utc(2026, 8, 7 + 7 * i)), to: i === 11 ? TODAY : iso(utc(2026, 8, 13 + 7 * i)) }));
// The cohort view's 26 delivery weeks: Monday 1 June to this Wednesday.
const COHORT_WEEKS: Period[] = Array.from({ length: 26 }, (_, i) => ({ from: iso(utc(2026, 5, 1 + 7 * i)), to: i === 25 ? TODAY : iso(utc(2026, 5, 7 + 7 * i)) }));
const within = (d: string, p: Period) => d >= p.from && d <= p.to;
const REGION_OF = (u: string) => `coalesce(${u}.region_id, (SELECT x.region_id FROM region_states x WHERE x.state = ${u}.state))`;

let agent: number;
let regionState: string;
let agentCompany: number;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advance(NOW - t.clock.now().getTime());
  await t.db.query("UPDATE users SET timezone = 'America/New_York'");
  agent = await userId(t, DEMO.agent);
  // The demo agent buys in Los Angeles, lives in a region's state and signed up on 10 March (mature from 8 June).
  regionState = (await t.db.query<{ state: string }>('SELECT state FROM region_states ORDER BY region_id, state LIMIT 1')).rows[0].state;
  await t.db.query("UPDATE users SET timezone = 'America/Los_Angeles', region_id = NULL, state = $2, created_at = '2026-03-10T12:00:00Z' WHERE id = $1", [agent, regionState]);
  const o = (await t.db.query<{ id: number; company_id: number }>("SELECT id, company_id FROM orders WHERE user_id = $1 AND product = 'leads' AND vertical = 'autoins' ORDER BY id LIMIT 1", [agent])).rows[0];
  agentCompany = o.company_id;
  const vendor = (await t.db.query<{ id: number }>('SELECT id FROM vendors ORDER BY id LIMIT 1')).rows[0].id;
  /** A lead of an order, sold at `at`, with an agent status and a return. */
  const sell = (order: number, at: string, price: number, status: string, ret: string | null = null, asked: string | null = null) => t.db.query(
    `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, state, price_cents, inserted_at,
                        agent_status, return_status, return_reason, return_requested_at, deny_reason)
     SELECT o.id, o.company_id, o.user_id, $2, o.package_id, o.vertical, o.product, 'Dash', 'Board', $7, $3, $4, $5::text, $6::text,
            CASE WHEN $6::text IS NULL THEN NULL ELSE 'wrong_number' END, $8, CASE WHEN $6::text = 'return_denied' THEN 'contact_verified' END
       FROM orders o WHERE o.id = $1`, [order, vendor, price, at, status, ret, regionState, asked]);
  // The demo agent: month and week edges in Los Angeles, quotes, policies, an approved return (a refund), a denied one.
  await sell(o.id, '2026-11-01T06:30:00Z', 1000, 'quoted'); // 31 October 23:30 in Los Angeles
  await sell(o.id, '2026-11-01T07:30:00Z', 2000, 'policy'); // 1 November 00:30
  await sell(o.id, '2026-11-16T08:30:00Z', 1500, 'quoted', 'return_approved', '2026-11-17T10:00:00Z');
  await sell(o.id, '2026-10-05T15:00:00Z', 1200, 'policy', 'return_denied', '2026-10-06T15:00:00Z');
  await sell(o.id, '2026-05-20T15:00:00Z', 900, 'new');
  // Six more agents of the region, each on an order of their own: October has 7 buyers, September 3.
  for (let i = 0; i < 6; i += 1) {
    const u = await addUser(t);
    await t.db.query("UPDATE users SET timezone = 'America/New_York', state = $2, region_id = NULL WHERE id = $1", [u.id, regionState]);
    const own = (await t.db.query<{ id: number }>(
      `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, max_bid_cents, cap_monthly, territory, created_at, modified_at)
       SELECT o.company_id, $2::int, o.package_id, 'Peer ' || $2::text, o.vertical, o.product, o.status, o.max_bid_cents, o.cap_monthly, o.territory, o.created_at, o.modified_at
         FROM orders o WHERE o.id = $1 RETURNING id`, [o.id, u.id])).rows[0].id;
    await sell(own, `2026-10-${String(10 + i).padStart(2, '0')}T15:00:00Z`, 1000 + 100 * i, i % 2 ? 'quoted' : 'policy');
    if (i < 3) await sell(own, '2026-09-15T15:00:00Z', 800, 'quoted', i === 0 ? 'return_pending' : null, '2026-09-16T15:00:00Z');
  }
}, 60_000);
afterAll(() => t?.close());

interface Raw {
  user_id: number; role: string; timezone: string; in_region: boolean; product: string; vertical: string;
  inserted_at: Date; return_requested_at: Date | null; return_status: string | null; agent_status: string | null; price_cents: number; mine: boolean;
}
type Sums = { sold: number; quoted: number; policies: number; spend: number; refund: number; returns: number };

/** The sums of raw rows over a period: the definitions of docs/areas/reports.md, written again here. */
function sums(rows: Raw[], p: Period): Sums {
  const sold = rows.filter((r) => within(dayIn(r.inserted_at, r.timezone), p));
  const worked = (r: Raw) => r.return_status === null || r.return_status === 'return_denied' || r.return_status === 'return_dispute_denied';
  return {
    sold: sold.length,
    quoted: sold.filter((r) => worked(r) && (r.agent_status === 'quoted' || r.agent_status === 'policy')).length,
    policies: sold.filter((r) => worked(r) && r.agent_status === 'policy').length,
    spend: sold.reduce((a, r) => a + r.price_cents, 0),
    refund: sold.filter((r) => r.return_status === 'return_approved').reduce((a, r) => a + r.price_cents, 0),
    returns: rows.filter((r) => r.return_status !== null && within(dayIn(r.return_requested_at ?? r.inserted_at, r.timezone), p)).length,
  };
}
const ratio = (n: number, d: number) => (d > 0 ? Math.round(n / d) : null);
const figures = (s: Sums) => ({
  sold: s.sold, quoted: s.quoted, policies: s.policies, netSpendCents: s.spend - s.refund, returns: s.returns,
  costPerQuoteCents: ratio(s.spend - s.refund, s.quoted), costPerPolicyCents: ratio(s.spend - s.refund, s.policies),
  returnRate: s.sold > 0 ? s.returns / s.sold : null,
});
/** The per-agent average over the agents (role user) sold a lead in the period; withheld under 5. */
function average(rows: Raw[], p: Period) {
  const buyers = [...new Set(rows.filter((r) => r.role === 'user' && within(dayIn(r.inserted_at, r.timezone), p)).map((r) => r.user_id))];
  if (buyers.length < 5) return { agents: buyers.length, figures: null, withheld: 'too_few_agents' };
  const s = sums(rows.filter((r) => buyers.includes(r.user_id)), p);
  const per = (n: number) => Math.round((n / buyers.length) * 100) / 100;
  const all = figures(s);
  return {
    agents: buyers.length, withheld: null,
    figures: { ...all, sold: per(s.sold), quoted: per(s.quoted), policies: per(s.policies), returns: per(s.returns), netSpendCents: Math.round(all.netSpendCents / buyers.length) },
  };
}

/** The expected answer for a viewer whose scope is `mine` (a condition on leads l), over leads of one product and vertical. */
async function expected(viewer: number, mine: string, params: unknown[], product = 'leads', vertical = 'autoins') {
  const { rows } = await t.db.query<Raw>(
    `SELECT l.user_id, u.role, u.timezone, l.product, l.vertical, l.inserted_at, l.return_requested_at, l.return_status, l.agent_status, l.price_cents,
            coalesce(${REGION_OF('u')} = (SELECT ${REGION_OF('v')} FROM users v WHERE v.id = $${params.length + 1}), false) AS in_region,
            (${mine}) AS mine
       FROM leads l JOIN users u ON u.id = l.user_id
      WHERE l.billed AND l.product = $${params.length + 2} AND l.vertical = $${params.length + 3}`, [...params, viewer, product, vertical]);
  const v = (await t.db.query<{ created_at: Date; region: number | null }>(`SELECT created_at, ${REGION_OF('u')} AS region FROM users u WHERE id = $1`, [viewer])).rows[0];
  const signUp = dayIn(v.created_at, 'America/New_York');
  const mature = iso(new Date(Date.parse(`${signUp}T00:00:00Z`) + 90 * 86_400_000));
  const series = (p: Period) => ({
    you: figures(sums(rows.filter((r) => r.mine), p)),
    regional: v.region === null ? { agents: 0, figures: null, withheld: 'no_region' } : average(rows.filter((r) => r.in_region), p),
    national: average(rows, p),
  });
  const period = (p: Period) => ({ ...p, mature: p.from >= mature, ...series(p) });
  const cohort = (p: Period) => {
    const ageDays = Math.round((Date.parse(TODAY) - Date.parse(p.to)) / 86_400_000);
    return { ...p, ageDays, settled: ageDays >= 90, ...series(p) };
  };
  return {
    dashboard: { asOf: new Date(NOW).toISOString(), matureFrom: mature, product, vertical, months: MONTHS.map(period), weeks: WEEKS.map(period) },
    cohorts: { asOf: new Date(NOW).toISOString(), product, vertical, settlesAfterDays: 90, weeks: COHORT_WEEKS.map(cohort) },
  };
}

const tokens = new Map<string, string>();
async function report(email: string, query = '', path = '/rest/reports/dashboard') {
  if (!tokens.has(email)) tokens.set(email, (await sessionFor(t, email)).session.token!);
  const r = await t.request({ method: 'GET', url: `${path}${query}`, token: tokens.get(email)! });
  const fresh = r.headers['x-auth-token'];
  if (typeof fresh === 'string') tokens.set(email, fresh);
  return r;
}

describe('GET /reports/dashboard', () => {
  it("an agent: their own leads, each on its day in the agent's zone; the region's and the nation's averages over 5 agents or more", async () => {
    const r = await report(DEMO.agent);
    expect(r.statusCode, r.body).toBe(200);
    const body = JSON.parse(r.body);
    const want = (await expected(agent, 'l.user_id = $1', [agent])).dashboard;
    expect(body).toEqual(want);
    // The cases were reached: sign-up 10 March, mature from 8 June; averages shown and withheld.
    expect(body.matureFrom).toBe('2026-06-08');
    expect(body.months.map((m: { mature: boolean }) => m.mature)).toEqual([false, false, false, false, false, false, false, true, true, true, true, true]);
    type Avg = { agents: number; figures: unknown };
    const regional: Avg[] = [...body.months, ...body.weeks].map((p: { regional: Avg }) => p.regional);
    expect(regional.some((g) => g.agents >= 7 && g.figures !== null)).toBe(true);
    expect(regional.some((g) => g.agents > 0 && g.agents < 5 && g.figures === null)).toBe(true);
  });

  it('another product or vertical: the same rules over its leads', async () => {
    for (const q of [['calls', 'autoins'], ['leads', 'homeins']] as const) {
      const r = await report(DEMO.agent, `?product=${q[0]}&vertical=${q[1]}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(JSON.parse(r.body)).toEqual((await expected(agent, 'l.user_id = $1', [agent], ...q)).dashboard);
    }
  });

  it("a corporate manager: the company's; another company is a 403, as for an agent", async () => {
    const corporate = await userId(t, DEMO.corporate);
    const company = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [corporate])).rows[0].company_id;
    const r = await report(DEMO.corporate);
    expect(r.statusCode, r.body).toBe(200);
    expect(JSON.parse(r.body)).toEqual((await expected(corporate, 'l.company_id = $1', [company])).dashboard);
    const other = (await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [company])).rows[0].id;
    expect((await report(DEMO.corporate, `?company=${other}`)).statusCode).toBe(403);
    expect((await report(DEMO.agent, `?company=${other === agentCompany ? company : other}`)).statusCode).toBe(403);
  });

  it("a regional manager: the consumers in their region's states", async () => {
    const regional = await userId(t, DEMO.regional);
    const states = `l.state IN (SELECT rs.state FROM region_states rs WHERE rs.region_id = (SELECT ${REGION_OF('w')} FROM users w WHERE w.id = $1))`;
    const r = await report(DEMO.regional);
    expect(r.statusCode, r.body).toBe(200);
    expect(JSON.parse(r.body)).toEqual((await expected(regional, states, [regional])).dashboard);
  });

  it('an admin: every company, or the one named', { timeout: 60_000 }, async () => {
    const admin = await userId(t, DEMO.admin);
    const all = await report(DEMO.admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(JSON.parse(all.body)).toEqual((await expected(admin, 'true', [])).dashboard);
    const one = await report(DEMO.admin, `?company=${agentCompany}`);
    expect(JSON.parse(one.body)).toEqual((await expected(admin, 'l.company_id = $1', [agentCompany])).dashboard);
  });

  it('bad input is a 400 and changes nothing; a vendor may not ask', async () => {
    await report(DEMO.admin);
    const before = await snapshot(t.db);
    for (const q of ['?company=0', '?company=abc', '?company=2147483648', '?product=optimizer', '?product=', '?vertical=lifeins', `?vertical=${'a'.repeat(200)}`])
      expect((await report(DEMO.admin, q)).statusCode, q).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await report(DEMO.vendor)).statusCode).toBe(403);
    // Calls are offered to admins and to the reporting and call_orders features (the demo regional manager has neither).
    expect((await report(DEMO.regional, '?product=calls')).statusCode).toBe(403);
    expect((await report(DEMO.regional, '?product=calls', '/rest/reports/returns/reasons')).statusCode).toBe(403);
    expect((await report(DEMO.admin, '?product=calls')).statusCode).toBe(200);
  });
});

describe('GET /reports/cohorts', () => {
  const cohorts = (email: string, query = '') => report(email, query, '/rest/reports/cohorts');

  it('an agent: cost per policy net of returns by delivery week, each week\'s age and whether it has settled, beside the averages', async () => {
    const r = await cohorts(DEMO.agent);
    expect(r.statusCode, r.body).toBe(200);
    const body = JSON.parse(r.body);
    expect(body).toEqual((await expected(agent, 'l.user_id = $1', [agent])).cohorts);
    // The cases were reached: a week with the agent's policy and a refund, settled and young weeks.
    type W = { from: string; settled: boolean; you: { policies: number; costPerPolicyCents: number | null } };
    expect(body.weeks.some((w: W) => w.settled) && body.weeks.some((w: W) => !w.settled)).toBe(true);
    expect(body.weeks.some((w: W) => w.you.costPerPolicyCents !== null)).toBe(true);
  });

  it('a regional manager, and an admin for one company; another company is a 403 for others; bad input a 400', async () => {
    const regional = await userId(t, DEMO.regional);
    const states = `l.state IN (SELECT rs.state FROM region_states rs WHERE rs.region_id = (SELECT ${REGION_OF('w')} FROM users w WHERE w.id = $1))`;
    expect(JSON.parse((await cohorts(DEMO.regional, '?vertical=autoins')).body)).toEqual((await expected(regional, states, [regional])).cohorts);
    const admin = await userId(t, DEMO.admin);
    expect(JSON.parse((await cohorts(DEMO.admin, `?company=${agentCompany}`)).body)).toEqual((await expected(admin, 'l.company_id = $1', [agentCompany])).cohorts);
    const other = (await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [agentCompany])).rows[0].id;
    expect((await cohorts(DEMO.agent, `?company=${other}`)).statusCode).toBe(403);
    const before = await snapshot(t.db);
    for (const q of ['?company=0', '?product=optimizer', '?vertical=lifeins', '?dateFrom=2026-01-01']) expect((await cohorts(DEMO.admin, q)).statusCode, q).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await cohorts(DEMO.vendor)).statusCode).toBe(403);
  });
});
