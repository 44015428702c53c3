import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/days';
import { dayStartIn, isoDayIn } from '../../src/domain/time/zone';
import { parseCsv } from '../helpers/csv';
import { DEMO, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * GET /reports (the agent rankings) and GET /reports/calls (the call rankings), and their
 * CSVs: the agents each manager sees, ranked. The expected rows are worked out here from
 * the raw lead and call rows (the sale's day in the agent's zone, billed rows only), never
 * from the rollups, and ranked here by their own rule; the scope is the agents' (a regional
 * manager's region is the agent's, not the consumer's); bad input is a 400 or a 403 in the
 * standard error body that changes nothing; the CSVs read back, formula-like names guarded.
 */
let t: TestApp;
const ZONE = 'America/New_York';
let TODAY: string;
let LAST_90: { from: string; to: string };
/** A Texas agent (region 10, the demo regional manager's), of a Texas company. */
let texan: { id: number; company: number };
/** A California agent, outside that region. */
let outsider: number;
let demoAgent: number;

type Metric = 'total' | 'quoted' | 'policies' | 'quoteRate' | 'costPerQuote' | 'costPerPolicy' | 'returnRate';
interface Row {
  rank: number | null; agentId: number; agentName: string; companyId: number; companyName: string; total: number; quoted: number;
  quoteRate: number | null; policies: number; costPerQuote: number | null; costPerPolicy: number | null; returnRate: number | null;
}
interface CallRow {
  rank: number; agentId: number; agentName: string; companyId: number; companyName: string; calls: number; spend: number; seconds: number;
  averageSeconds: number; costPerCall: number; returned: number; returnRate: number;
}

/** A sale on an order of the agent's, as the engine writes one (billed unless said). */
async function sell(orderId: number, at: Date, o: { state?: string; status?: string; ret?: string | null; price?: number; callSeconds?: number; billed?: boolean } = {}) {
  let callId: number | null = null;
  if (o.callSeconds !== undefined) {
    callId = (await t.db.query<{ id: number }>(
      `INSERT INTO calls (order_id, company_id, vendor_id, status, price_cents, phone, inserted_at, duration_seconds, min_billable_seconds)
       SELECT o.id, o.company_id, (SELECT min(id) FROM vendors), 'completed', $2, '5125550199', $3, $4, 90 FROM orders o WHERE o.id = $1 RETURNING id`,
      [orderId, o.price ?? 2500, at, o.callSeconds])).rows[0].id;
  }
  await t.db.query(
    `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, call_id, vertical, product, first_name, last_name, state, price_cents, inserted_at,
                        agent_status, return_status, return_reason, return_requested_at, billed)
     SELECT o.id, o.company_id, o.user_id, (SELECT min(id) FROM vendors), o.package_id, $7, o.vertical, o.product, 'Rank', 'Row', $2, $3, $4, $5, $6::text,
            CASE WHEN $6::text IS NULL THEN NULL ELSE 'wrong_number' END, CASE WHEN $6::text IS NULL THEN NULL ELSE $4::timestamptz END, $8
       FROM orders o WHERE o.id = $1`,
    [orderId, o.state ?? 'TX', o.price ?? 2500, at, o.status ?? 'new', o.ret ?? null, callId, o.billed ?? true]);
}

const orderOf = async (user: number, product: 'leads' | 'calls') =>
  (await t.db.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1 AND product = $2 ORDER BY id LIMIT 1', [user, product])).rows[0]?.id;

beforeAll(async () => {
  t = await startTestApp();
  const now = t.clock.now();
  TODAY = isoDayIn(now, ZONE);
  LAST_90 = { from: addDays(TODAY, -89), to: TODAY };
  await t.db.query("UPDATE users SET timezone = $1, created_at = '2025-01-01T00:00:00Z'", [ZONE]);
  demoAgent = await userId(t, DEMO.agent);
  const tx = (await t.db.query<{ id: number; company_id: number }>(
    "SELECT id, company_id FROM users WHERE role = 'user' AND region_id = 10 AND company_id <> (SELECT company_id FROM users WHERE id = $1) ORDER BY id LIMIT 1",
    [demoAgent])).rows[0];
  texan = { id: tx.id, company: tx.company_id };
  outsider = (await t.db.query<{ id: number }>("SELECT id FROM users WHERE role = 'user' AND state = 'CA' ORDER BY id LIMIT 1")).rows[0].id;
  // A name a spreadsheet would run as a formula.
  await t.db.query("UPDATE users SET first_name = '=SUM(A1)', last_name = 'Star' WHERE id = $1", [texan.id]);
  // The corporate manager manages the Texas agent's company.
  await t.db.query('UPDATE users SET company_id = $2 WHERE id = $1', [await userId(t, DEMO.corporate), texan.company]);
  /** `h` o'clock (0 to 23) in New York, `daysAgo` days before today. */
  const hour = (daysAgo: number, h = 12) => new Date(dayStartIn(addDays(TODAY, -daysAgo), ZONE).getTime() + h * 3_600_000);
  const texanLeads = await orderOf(texan.id, 'leads');
  // The Texas agent's: a consumer in California counts (the agent is the region's), a policy, a quote given back.
  await sell(texanLeads, hour(1), { state: 'CA', status: 'quoted' });
  await sell(texanLeads, hour(2), { status: 'policy', price: 4000 });
  await sell(texanLeads, hour(3), { status: 'quoted', ret: 'return_approved', price: 1000 });
  // The California agent's lead of a Texas consumer: not the regional manager's agent.
  await sell(await orderOf(outsider, 'leads'), hour(1), { state: 'TX', status: 'policy' });
  // Calls: the demo agent's charged calls (one on the range's first day, one a day before it), and one matched but never charged.
  const calls = await orderOf(demoAgent, 'calls');
  await sell(calls, hour(89, 0), { callSeconds: 321, price: 4500 }); // 00:00 in New York: the range's first day
  await sell(calls, hour(90, 23), { callSeconds: 600, price: 4500 }); // 23:00 the day before: outside
  await sell(calls, hour(4), { callSeconds: 125, price: 3000, ret: 'return_pending' });
  await sell(calls, hour(4), { callSeconds: 30, price: 3000, billed: false });
}, 60_000);
afterAll(() => t?.close());

interface Raw {
  user_id: number; company_id: number; agent_name: string; company_name: string; inserted_at: Date; timezone: string; price_cents: number;
  agent_status: string; return_status: string | null; seconds: number | null;
}

/** The billed leads (or calls) a condition on `l` (and the agent `u`) selects, sold on a day of the range in their agent's zone. */
async function rawRows(where: string, params: unknown[], product: string | null, range = LAST_90): Promise<Raw[]> {
  const { rows } = await t.db.query<Raw>(
    `SELECT l.user_id, l.company_id, trim(u.first_name || ' ' || u.last_name) AS agent_name, c.name AS company_name, l.inserted_at, u.timezone,
            l.price_cents, l.agent_status, l.return_status, k.duration_seconds AS seconds
       FROM leads l JOIN users u ON u.id = l.user_id JOIN companies c ON c.id = l.company_id LEFT JOIN calls k ON k.id = l.call_id
      WHERE l.billed AND ($${params.length + 1}::text IS NULL OR l.product = $${params.length + 1}) AND (${where})`, [...params, product]);
  return rows.filter((r) => {
    const day = isoDayIn(r.inserted_at, r.timezone);
    return day >= range.from && day <= range.to;
  });
}

/** Rows per agent and company. */
function byAgent(raw: Raw[]) {
  const m = new Map<string, { r: Raw; rows: Raw[] }>();
  for (const r of raw) {
    const k = `${r.user_id}/${r.company_id}`;
    m.set(k, { r: m.get(k)?.r ?? r, rows: [...(m.get(k)?.rows ?? []), r] });
  }
  return [...m.values()];
}

const COUNTS: Metric[] = ['total', 'quoted', 'policies'];
const LOWER_IS_BETTER: Metric[] = ['costPerQuote', 'costPerPolicy', 'returnRate'];

/**
 * The agent rankings worked out from raw rows: figures per agent, then each one's place by
 * the metric (1 + those strictly better). Leads only unless said: the demo managers are
 * not offered call products.
 */
async function expected(where: string, params: unknown[], metric: Metric = 'total', range = LAST_90, product: string | null = 'leads'): Promise<Row[]> {
  const rows = byAgent(await rawRows(where, params, product, range)).map(({ r, rows: ls }) => {
    const worked = (l: Raw) => l.return_status === null || l.return_status === 'return_denied' || l.return_status === 'return_dispute_denied';
    const sold = ls.length;
    const quoted = ls.filter((l) => worked(l) && (l.agent_status === 'quoted' || l.agent_status === 'policy')).length;
    const policies = ls.filter((l) => worked(l) && l.agent_status === 'policy').length;
    const net = ls.reduce((s, l) => s + l.price_cents - (l.return_status === 'return_approved' ? l.price_cents : 0), 0);
    return {
      rank: null as number | null, agentId: r.user_id, agentName: r.agent_name, companyId: r.company_id, companyName: r.company_name, total: sold, quoted,
      quoteRate: quoted / sold, policies, costPerQuote: quoted ? Math.round(net / quoted) : null, costPerPolicy: policies ? Math.round(net / policies) : null,
      returnRate: ls.filter((l) => l.return_status !== null).length / sold,
    };
  });
  const eligible = (x: Row) => x[metric] !== null && (COUNTS.includes(metric) || x.total >= 20);
  const better = (a: Row, b: Row) => (LOWER_IS_BETTER.includes(metric) ? a[metric]! < b[metric]! : a[metric]! > b[metric]!);
  for (const x of rows) x.rank = eligible(x) ? 1 + rows.filter((o) => eligible(o) && better(o, x)).length : null;
  return rows.sort((a, b) => b.total - a.total || a.agentName.localeCompare(b.agentName));
}

async function expectedCalls(where: string, params: unknown[], range = LAST_90): Promise<CallRow[]> {
  const rows = byAgent(await rawRows(where, params, 'calls', range)).map(({ r, rows: ls }) => {
    const calls = ls.length;
    const spend = ls.reduce((s, l) => s + l.price_cents, 0);
    const seconds = ls.reduce((s, l) => s + (l.seconds ?? 0), 0);
    const returned = ls.filter((l) => l.return_status !== null).length;
    return {
      rank: 0, agentId: r.user_id, agentName: r.agent_name, companyId: r.company_id, companyName: r.company_name, calls, spend, seconds,
      averageSeconds: Math.round((seconds / calls) * 10) / 10, costPerCall: Math.round(spend / calls), returned, returnRate: returned / calls,
    };
  });
  for (const x of rows) x.rank = 1 + rows.filter((o) => o.calls > x.calls).length;
  return rows.sort((a, b) => b.calls - a.calls || a.agentName.localeCompare(b.agentName));
}

const tokens = new Map<string, string>();
async function get(email: string, path: string) {
  if (!tokens.has(email)) tokens.set(email, (await sessionFor(t, email)).session.token!);
  const r = await t.request({ method: 'GET', url: `/rest/reports${path}`, token: tokens.get(email)! });
  const fresh = r.headers['x-auth-token'];
  if (typeof fresh === 'string') tokens.set(email, fresh);
  return r;
}
async function rankings(email: string, query = '') {
  const r = await get(email, `?limit=100${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { asOf: string; dateFrom: string; dateTo: string; firstDay: string; metric: Metric; minTotal: number; count: number; results: Row[]; top: Row[] };
}
async function callRankings(email: string, query = '') {
  const r = await get(email, `/calls?limit=100${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { asOf: string; dateFrom: string; dateTo: string; count: number; results: CallRow[]; top: CallRow[] };
}

const REGION_10 = "(u.region_id = 10 OR (u.region_id IS NULL AND u.state = 'TX'))";

describe('GET /reports (the agent rankings)', () => {
  it("a regional manager: the agents of their region over the last 90 days, wherever their consumers live, ranked by leads delivered", async () => {
    const body = await rankings(DEMO.regional);
    expect([body.dateFrom, body.dateTo, body.metric, body.minTotal]).toEqual([LAST_90.from, LAST_90.to, 'total', 20]);
    expect(body.asOf).toBe(t.clock.now().toISOString());
    const want = await expected(REGION_10, []);
    expect(body.results).toEqual(want);
    expect(body.count).toBe(want.length);
    expect(want.length).toBeGreaterThanOrEqual(3);
    const ids = body.results.map((r) => r.agentId);
    expect(ids).toContain(texan.id);
    expect(ids).toContain(demoAgent);
    expect(ids).not.toContain(outsider);
    // The Texas agent's lead of a California consumer is theirs.
    const texas = (await expected(`l.user_id = ${texan.id}`, []))[0];
    expect(body.results.find((r) => r.agentId === texan.id)).toMatchObject({ total: texas.total, agentName: '=SUM(A1) Star' });
    // The chart's top ten: the ranking's first, in rank order.
    expect(body.top).toEqual([...want].sort((a, b) => a.rank! - b.rank! || a.agentName.localeCompare(b.agentName)).slice(0, 10));
  });

  it.each(['quoted', 'policies', 'quoteRate', 'costPerQuote', 'costPerPolicy', 'returnRate'] as const)('ranks by %s, best first, a rate or cost only over 20 leads', async (metric) => {
    const body = await rankings(DEMO.regional, `&metric=${metric}&sort=rank&order=asc`);
    const want = await expected(REGION_10, [], metric);
    const inRankOrder = [...want].sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.agentName.localeCompare(b.agentName));
    expect(body.results).toEqual(inRankOrder);
    expect(body.top).toEqual(inRankOrder.filter((r) => r.rank !== null).slice(0, 10));
  });

  it('sorts by any column either way (missing figures last), and pages by 25 from skip', async () => {
    const want = await expected(REGION_10, []);
    const byName = await rankings(DEMO.regional, '&sort=agentName&order=asc');
    expect(byName.results.map((r) => r.agentName)).toEqual(want.map((r) => r.agentName).sort((a, b) => a.localeCompare(b)));
    const companies = (await rankings(DEMO.regional, '&sort=companyName&order=desc')).results.map((r) => r.companyName);
    expect(companies).toEqual([...companies].sort((a, b) => b.localeCompare(a)));
    const cpp = (await rankings(DEMO.regional, '&sort=costPerPolicy&order=desc')).results.map((r) => r.costPerPolicy);
    const known = cpp.filter((c) => c !== null);
    expect(known).toEqual([...known].sort((a, b) => b! - a!));
    expect(cpp.slice(known.length).every((c) => c === null)).toBe(true);
    const page = (await get(DEMO.regional, '?skip=1&limit=1')).json() as { count: number; results: Row[] };
    expect([page.count, page.results]).toEqual([want.length, want.slice(1, 2)]);
  });

  it('calls only for a manager offered call products: product=calls is a 403 without the feature', async () => {
    const r = await get(DEMO.regional, '?product=calls');
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ error: expect.any(String) });
    const regional = await userId(t, DEMO.regional);
    await t.db.query("UPDATE users SET features = '{reporting}' WHERE id = $1", [regional]);
    try {
      expect((await rankings(DEMO.regional)).results).toEqual(await expected(REGION_10, [], 'total', LAST_90, null));
      expect((await rankings(DEMO.regional, '&product=calls')).results).toEqual(await expected(REGION_10, [], 'total', LAST_90, 'calls'));
    } finally {
      await t.db.query("UPDATE users SET features = '{}' WHERE id = $1", [regional]);
    }
  });

  it('a custom range, a product and a vertical narrow it', async () => {
    const range = { from: addDays(TODAY, -3), to: addDays(TODAY, -1) };
    const body = await rankings(DEMO.regional, `&dateFrom=${range.from}&dateTo=${range.to}&product=leads&vertical=autoins`);
    expect(body.results).toEqual(await expected(`${REGION_10} AND l.product = 'leads' AND l.vertical = 'autoins'`, [], 'total', range));
  });

  it("a corporate manager: their company's agents only; another company is a 403", async () => {
    const body = await rankings(DEMO.corporate);
    expect(body.results).toEqual(await expected('l.company_id = $1', [texan.company]));
    expect(body.results.every((r) => r.companyId === texan.company)).toBe(true);
    expect((await rankings(DEMO.corporate, `&company=${texan.company}`)).results).toEqual(body.results);
    const r = await get(DEMO.corporate, `?company=${texan.company + 1}`);
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ error: expect.any(String) });
  });

  it("an admin: every agent, or the company named; agents and vendors may not ask", async () => {
    // An admin is offered calls: leads and calls together, or one product.
    expect((await rankings(DEMO.admin)).results).toEqual(await expected('true', [], 'total', LAST_90, null));
    expect((await rankings(DEMO.admin, `&company=${texan.company}`)).results).toEqual(await expected('l.company_id = $1', [texan.company], 'total', LAST_90, null));
    expect((await rankings(DEMO.admin, '&product=calls')).results).toEqual(await expected('true', [], 'total', LAST_90, 'calls'));
    for (const who of [DEMO.agent, DEMO.vendor]) expect((await get(who, '')).statusCode, who).toBe(403);
  });

  it('the CSV: every row in its sort, the rank by the chosen figure, a formula-like name guarded', async () => {
    const want = await expected(REGION_10, [], 'costPerQuote');
    const r = await get(DEMO.regional, '/export?metric=costPerQuote');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.headers['content-disposition']).toBe('attachment; filename="rankings.csv"');
    const [header, ...records] = parseCsv(r.body);
    expect(header).toEqual(['Rank (Cost Per Quote)', 'Agent', 'Company', 'Leads Delivered', 'Quoted', 'Quote Rate (%)', 'Policies', 'Cost Per Quote ($)',
      'Cost Per Policy ($)', 'Return Rate (%)']);
    const pct = (x: number | null) => (x === null ? '' : (x * 100).toFixed(1));
    const usd = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2));
    const guard = (s: string) => (/^[=+\-@]/.test(s) ? `\t${s}` : s);
    expect(records).toEqual(want.map((w) => [
      w.rank === null ? '' : String(w.rank), guard(w.agentName), guard(w.companyName), String(w.total), String(w.quoted), pct(w.quoteRate),
      String(w.policies), usd(w.costPerQuote), usd(w.costPerPolicy), pct(w.returnRate),
    ]));
    expect(records.some((rec) => rec[1] === '\t=SUM(A1) Star')).toBe(true);
  });
});

describe('GET /reports/calls (the call rankings)', () => {
  it("a regional manager: their agents' charged calls, spend, billable seconds, averages and returns, most calls first", async () => {
    const body = await callRankings(DEMO.regional);
    expect([body.dateFrom, body.dateTo]).toEqual([LAST_90.from, LAST_90.to]);
    const want = await expectedCalls(REGION_10, []);
    expect(body.results).toEqual(want);
    expect(body.count).toBe(want.length);
    expect(body.top).toEqual(want.slice(0, 10));
    // The demo agent's test calls, by hand: the first day's and the returned one count, the day before and the uncharged one do not.
    const seeded = await expectedCalls('l.user_id = $1 AND l.first_name <> $2', [demoAgent, 'Rank']);
    const mine = body.results.find((r) => r.agentId === demoAgent)!;
    expect(mine.calls - (seeded[0]?.calls ?? 0)).toBe(2);
    expect(mine.seconds - (seeded[0]?.seconds ?? 0)).toBe(321 + 125);
    expect(mine.spend - (seeded[0]?.spend ?? 0)).toBe(4500 + 3000);
    expect(mine.returned - (seeded[0]?.returned ?? 0)).toBe(1);
  });

  it('sorts, pages, narrows by vertical and range, and an admin names a company', async () => {
    const secs = (await callRankings(DEMO.regional, '&sort=averageSeconds&order=asc')).results.map((r) => r.averageSeconds);
    expect(secs).toEqual([...secs].sort((a, b) => a - b));
    const range = { from: addDays(TODAY, -30), to: TODAY };
    expect((await callRankings(DEMO.admin, `&dateFrom=${range.from}&dateTo=${range.to}&vertical=autoins`)).results)
      .toEqual(await expectedCalls("l.vertical = 'autoins'", [], range));
    const company = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [demoAgent])).rows[0].company_id;
    expect((await callRankings(DEMO.admin, `&company=${company}`)).results).toEqual(await expectedCalls('l.company_id = $1', [company]));
    const page = (await get(DEMO.admin, '/calls?limit=1&skip=1')).json() as { results: CallRow[] };
    expect(page.results).toEqual((await expectedCalls('true', [])).slice(1, 2));
  });

  it('is for regional managers and admins only', async () => {
    for (const who of [DEMO.agent, DEMO.corporate, DEMO.vendor]) expect((await get(who, '/calls')).statusCode, who).toBe(403);
  });

  it('the CSV reads back as the table', async () => {
    const want = await expectedCalls(REGION_10, []);
    const r = await get(DEMO.regional, '/calls/export');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="call_rankings.csv"');
    const [header, ...records] = parseCsv(r.body);
    expect(header).toEqual(['Rank', 'Agent', 'Company', 'Calls', 'Spend ($)', 'Billable Seconds', 'Average Length (s)', 'Average Cost Per Call ($)', 'Returned',
      'Return Rate (%)']);
    expect(records).toEqual(want.map((w) => [String(w.rank), w.agentName, w.companyName, String(w.calls), (w.spend / 100).toFixed(2), String(w.seconds),
      String(w.averageSeconds), (w.costPerCall / 100).toFixed(2), String(w.returned), (w.returnRate * 100).toFixed(1)]));
  });
});

describe('bad input on both', () => {
  it('is a 400 (or a 403 for another company) in the standard error body, and changes nothing', async () => {
    await get(DEMO.regional, '');
    await get(DEMO.corporate, '');
    const before = await snapshot(t.db);
    const refusals: Array<[string, string, string]> = [
      [`dateFrom=${addDays(TODAY, -90)}&dateTo=${TODAY}`, 'dateFrom', 'A date range covers at most 90 days'],
      [`dateFrom=${addDays(TODAY, -180)}&dateTo=${addDays(TODAY, -170)}`, 'dateFrom', 'The start date may be at most 180 days back'],
      [`dateFrom=${TODAY}&dateTo=${addDays(TODAY, 1)}`, 'dateTo', 'The end date cannot be later than today'],
    ];
    for (const path of ['', '/export', '/calls', '/calls/export']) {
      for (const [q, field, message] of refusals) {
        const r = await get(DEMO.regional, `${path}?${q}`);
        expect(r.statusCode, `${path} ${q}`).toBe(400);
        expect(r.json(), `${path} ${q}`).toEqual({ error: message, errors: [{ field, message }] });
      }
      for (const q of ['sort=name', 'order=up', 'limit=101', 'skip=-1', 'vertical=life', 'company=0']) {
        if (path.includes('export') && /limit|skip/.test(q)) continue;
        const r = await get(DEMO.regional, `${path}?${q}`);
        expect(r.statusCode, `${path} ${q}`).toBe(400);
        expect(r.json(), `${path} ${q}`).toMatchObject({ error: expect.any(String), errors: [expect.objectContaining({ field: expect.any(String) })] });
      }
    }
    for (const q of ['metric=profit', 'product=optimizer', 'sort=calls']) expect((await get(DEMO.regional, `?${q}`)).statusCode, q).toBe(400);
    for (const q of ['metric=total', 'product=leads', 'sort=total']) expect((await get(DEMO.regional, `/calls?${q}`)).statusCode, q).toBe(400);
    const other = (await get(DEMO.corporate, `?company=${texan.company + 1}`));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: expect.any(String) });
    expect(await snapshot(t.db)).toEqual(before);
  });
});
