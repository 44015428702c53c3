import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/days';
import { dayStartIn, isoDayIn } from '../../src/domain/time/zone';
import { parseCsv } from '../helpers/csv';
import { DEMO } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { signedInGet } from '../helpers/report-requests';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * GET /reports/agent-status, its CSV and GET /reports/agent-status/{status}: where the
 * leads of the agents a manager sees stand. The expected rows are worked out here from the
 * raw lead rows (the sale's day in the agent's zone, billed rows only, leads still worked:
 * no return, or one denied), never from the rollups; the scope is the agents' (a regional
 * manager's region is the agent's); bad input is a 400 or a 403 that changes nothing.
 */
let t: TestApp;
const ZONE = 'America/New_York';
let TODAY: string;
let LAST_90: { from: string; to: string };
let texan: { id: number; company: number };
let outsider: number;
const STATUSES = ['new', 'attempting', 'contacted', 'quoted', 'policy'] as const;
type Status = (typeof STATUSES)[number];

interface Row {
  agentId: number; agentName: string; companyId: number; companyName: string; leads: number;
  new: number; attempting: number; contacted: number; quoted: number; policy: number; workedRate: number;
}
interface Lead { leadId: number; insertedAt: string; name: string; state: string | null; vertical: string; product: string; price: number; agentId: number; agentName: string; companyName: string }

const get = signedInGet(() => t, '/rest/reports/agent-status');

async function sell(orderId: number, at: Date, o: { state?: string; status?: Status; ret?: string | null; billed?: boolean } = {}) {
  await t.db.query(
    `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, state, price_cents, inserted_at,
                        agent_status, return_status, return_reason, return_requested_at, deny_reason, billed)
     SELECT o.id, o.company_id, o.user_id, (SELECT min(id) FROM vendors), o.package_id, o.vertical, o.product, 'Status', 'Row', $2, 2500, $3, $4, $5::text,
            CASE WHEN $5::text IS NULL THEN NULL ELSE 'wrong_number' END, CASE WHEN $5::text IS NULL THEN NULL ELSE $3::timestamptz END,
            CASE WHEN $5::text LIKE '%denied' THEN 'Lead was contacted' END, $6
       FROM orders o WHERE o.id = $1`,
    [orderId, o.state ?? 'TX', at, o.status ?? 'new', o.ret ?? null, o.billed ?? true]);
}
const leadOrderOf = async (user: number) =>
  (await t.db.query<{ id: number }>("SELECT id FROM orders WHERE user_id = $1 AND product = 'leads' ORDER BY id LIMIT 1", [user])).rows[0].id;

beforeAll(async () => {
  t = await startTestApp();
  TODAY = isoDayIn(t.clock.now(), ZONE);
  LAST_90 = { from: addDays(TODAY, -89), to: TODAY };
  await t.db.query("UPDATE users SET timezone = $1, created_at = '2025-01-01T00:00:00Z'", [ZONE]);
  const tx = (await t.db.query<{ id: number; company_id: number }>(
    `SELECT id, company_id FROM users u WHERE role = 'user' AND region_id = 10
        AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.product = 'leads') ORDER BY id DESC LIMIT 1`)).rows[0];
  texan = { id: tx.id, company: tx.company_id };
  outsider = (await t.db.query<{ id: number }>(
    "SELECT id FROM users u WHERE role = 'user' AND state = 'CA' AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.product = 'leads') ORDER BY id LIMIT 1",
  )).rows[0].id;
  const hour = (daysAgo: number, h = 12) => new Date(dayStartIn(addDays(TODAY, -daysAgo), ZONE).getTime() + h * 3_600_000);
  const order = await leadOrderOf(texan.id);
  // Every status; a California consumer counts (the agent is the region's); a returned lead does not, a denied return does.
  await sell(order, hour(1), { status: 'new', state: 'CA' });
  await sell(order, hour(1), { status: 'attempting' });
  await sell(order, hour(2), { status: 'contacted' });
  await sell(order, hour(2), { status: 'quoted' });
  await sell(order, hour(3), { status: 'policy' });
  await sell(order, hour(3), { status: 'new', ret: 'return_approved' });
  await sell(order, hour(3), { status: 'quoted', ret: 'return_denied' });
  await sell(order, hour(4), { status: 'new', ret: 'return_pending' });
  // The range's first day at 00:00 in New York counts; 23:00 the day before does not; a call not charged is no sale.
  await sell(order, hour(89, 0), { status: 'contacted' });
  await sell(order, hour(90, 23), { status: 'contacted' });
  await sell(order, hour(1), { status: 'new', billed: false });
  // Outside the region.
  await sell(await leadOrderOf(outsider), hour(1), { status: 'new', state: 'TX' });
}, 60_000);
afterAll(() => t?.close());

interface Raw { id: number; user_id: number; company_id: number; agent_name: string; company_name: string; inserted_at: Date; timezone: string; agent_status: Status;
  return_status: string | null; first_name: string | null; last_name: string | null; state: string | null; vertical: string; product: string; price_cents: number }

/** The billed, still-worked leads a condition selects, sold on a day of the range in their agent's zone. */
async function rawRows(where: string, params: unknown[], range = LAST_90, product: string | null = 'leads'): Promise<Raw[]> {
  const n = params.length + 1;
  const { rows } = await t.db.query<Raw>(
    `SELECT l.id, l.user_id, l.company_id, trim(u.first_name || ' ' || u.last_name) AS agent_name, c.name AS company_name, l.inserted_at, u.timezone,
            l.agent_status, l.return_status, l.first_name, l.last_name, l.state, l.vertical, l.product, l.price_cents
       FROM leads l JOIN users u ON u.id = l.user_id JOIN companies c ON c.id = l.company_id
      WHERE l.billed AND ($${n}::text IS NULL OR l.product = $${n}) AND (${where})`, [...params, product]);
  return rows.filter((r) => {
    const day = isoDayIn(r.inserted_at, r.timezone);
    const worked = r.return_status === null || r.return_status === 'return_denied' || r.return_status === 'return_dispute_denied';
    return worked && day >= range.from && day <= range.to;
  });
}

async function expected(where: string, params: unknown[] = [], range = LAST_90, product: string | null = 'leads'): Promise<{ rows: Row[]; totals: Omit<Row, 'agentId' | 'agentName' | 'companyId' | 'companyName' | 'workedRate'> & { workedRate: number | null } }> {
  const raw = await rawRows(where, params, range, product);
  const groups = new Map<string, Raw[]>();
  for (const r of raw) groups.set(`${r.user_id}/${r.company_id}`, [...(groups.get(`${r.user_id}/${r.company_id}`) ?? []), r]);
  const countsOf = (ls: Raw[]) => {
    const by = Object.fromEntries(STATUSES.map((s) => [s, ls.filter((l) => l.agent_status === s).length])) as Record<Status, number>;
    return { leads: ls.length, ...by, workedRate: ls.length ? (ls.length - by.new) / ls.length : null };
  };
  const rows = [...groups.values()].map((ls) => ({
    agentId: ls[0].user_id, agentName: ls[0].agent_name, companyId: ls[0].company_id, companyName: ls[0].company_name, ...countsOf(ls),
  })) as Row[];
  return { rows: rows.sort((a, b) => b.leads - a.leads || a.agentName.localeCompare(b.agentName)), totals: countsOf(raw) };
}

async function report(email: string, query = '') {
  const r = await get(email, `?limit=100${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { asOf: string; dateFrom: string; dateTo: string; firstDay: string; totals: Record<string, number | null>; count: number; results: Row[] };
}

const REGION_10 = "(u.region_id = 10 OR (u.region_id IS NULL AND u.state = 'TX'))";

describe('GET /reports/agent-status', () => {
  it("a regional manager: the agents of their region over the last 90 days, each status counted, returned leads left out", async () => {
    const body = await report(DEMO.regional);
    expect([body.dateFrom, body.dateTo, body.asOf]).toEqual([LAST_90.from, LAST_90.to, t.clock.now().toISOString()]);
    const want = await expected(REGION_10);
    expect(body.results).toEqual(want.rows);
    expect(body.totals).toEqual(want.totals);
    expect(body.count).toBe(want.rows.length);
    const ids = body.results.map((r) => r.agentId);
    expect(ids).toContain(texan.id);
    expect(ids).not.toContain(outsider);
    // The Texas agent's own: 2 new (one of a California consumer), attempting, 2 contacted (one on the range's first day), 2 quoted (one after a denied return), a policy.
    const texas = body.results.find((r) => r.agentId === texan.id && r.companyId === texan.company)!;
    const own = (await expected(`l.user_id = ${texan.id}`)).rows[0];
    expect(texas).toEqual(own);
    expect(texas.contacted).toBeGreaterThanOrEqual(2);
  });

  it('sorts by any column either way and pages by limit from skip', async () => {
    const want = (await expected(REGION_10)).rows;
    const byName = await report(DEMO.regional, '&sort=agentName&order=asc');
    expect(byName.results.map((r) => r.agentName)).toEqual(want.map((r) => r.agentName).sort((a, b) => a.localeCompare(b)));
    for (const s of [...STATUSES, 'workedRate'] as const) {
      const col = (await report(DEMO.regional, `&sort=${s}&order=asc`)).results.map((r) => r[s]);
      expect(col, s).toEqual([...col].sort((a, b) => a - b));
    }
    const page = (await get(DEMO.regional, '?skip=1&limit=1')).json() as { count: number; results: Row[] };
    expect([page.count, page.results]).toEqual([want.length, want.slice(1, 2)]);
  });

  it('a custom range and a vertical narrow it; calls are a 403 for a manager not offered them', async () => {
    const range = { from: addDays(TODAY, -2), to: addDays(TODAY, -1) };
    const body = await report(DEMO.regional, `&dateFrom=${range.from}&dateTo=${range.to}&vertical=autoins`);
    expect(body.results).toEqual((await expected(`${REGION_10} AND l.vertical = 'autoins'`, [], range)).rows);
    const r = await get(DEMO.regional, '?product=calls');
    expect([r.statusCode, r.json()]).toEqual([403, { error: expect.any(String) }]);
  });

  it('an admin: every agent, or the company named; users, corporate managers and vendors may not ask', async () => {
    expect((await report(DEMO.admin)).results).toEqual((await expected('true', [], LAST_90, null)).rows);
    expect((await report(DEMO.admin, `&company=${texan.company}`)).results).toEqual((await expected('l.company_id = $1', [texan.company], LAST_90, null)).rows);
    for (const who of [DEMO.agent, DEMO.corporate, DEMO.vendor]) expect((await get(who, '')).statusCode, who).toBe(403);
  });

  it('the CSV holds every row in the sort, the worked rate in percent', async () => {
    const r = await get(DEMO.regional, '/export?sort=agentName&order=asc');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="agent_status.csv"');
    const [header, ...rows] = parseCsv(r.body);
    expect(header).toEqual(['Agent', 'Company', 'Leads', 'New', 'Attempting', 'Contacted', 'Quoted', 'Policy', 'Worked (%)']);
    const want = (await expected(REGION_10)).rows.sort((a, b) => a.agentName.localeCompare(b.agentName));
    expect(rows).toEqual(want.map((w) => [w.agentName, w.companyName, String(w.leads), ...STATUSES.map((s) => String(w[s])), (w.workedRate * 100).toFixed(1)]));
  });

  it('bad input is a 400 in the standard body and changes nothing', async () => {
    const before = await snapshot(t.db);
    for (const q of ['?sort=price', '?order=up', '?limit=0', '?limit=101', '?skip=-1', `?dateFrom=${addDays(TODAY, 1)}`, '?dateFrom=2020-02-30', '?company=0']) {
      const r = await get(DEMO.regional, q);
      expect(r.statusCode, q).toBe(400);
      expect(r.json(), q).toMatchObject({ error: expect.any(String) });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('GET /reports/agent-status/{status}', () => {
  const leads = async (email: string, status: string, query = '') => {
    const r = await get(email, `/${status}?${query.includes('limit=') ? '' : 'limit=100'}${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { status: string; count: number; results: Lead[] };
  };
  const asLeads = (raw: Raw[]) => raw
    .sort((a, b) => b.inserted_at.getTime() - a.inserted_at.getTime() || b.id - a.id)
    .map((l) => ({ leadId: l.id, insertedAt: new Date(l.inserted_at).toISOString(), name: [l.first_name, l.last_name].filter(Boolean).join(' '), state: l.state,
      vertical: l.vertical, product: l.product, price: l.price_cents, agentId: l.user_id, agentName: l.agent_name, companyName: l.company_name }));

  it.each(STATUSES)('the %s leads behind the report, newest first, every agent or one', async (status) => {
    const all = await leads(DEMO.regional, status);
    const want = asLeads((await rawRows(REGION_10, [])).filter((l) => l.agent_status === status));
    expect(all).toMatchObject({ status, count: want.length });
    expect(all.results).toEqual(want.slice(0, 100));
    // The count matches the report's sum.
    expect(all.count).toBe((await report(DEMO.regional)).totals[status]);
    const one = await leads(DEMO.regional, status, `&agent=${texan.id}`);
    expect(one.results).toEqual(want.filter((l) => l.agentId === texan.id).slice(0, 100));
  });

  it("pages from skip (the count kept past the last page); an agent outside the scope matches nothing", async () => {
    const want = asLeads((await rawRows(REGION_10, [])).filter((l) => l.agent_status === 'new'));
    expect(want.length).toBeGreaterThan(1);
    expect((await leads(DEMO.regional, 'new', '&skip=1&limit=1')).results).toEqual(want.slice(1, 2));
    expect(await leads(DEMO.regional, 'new', '&skip=1000')).toMatchObject({ count: want.length, results: [] });
    expect(await leads(DEMO.regional, 'new', `&agent=${outsider}`)).toMatchObject({ count: 0, results: [] });
  });

  it('an unknown status or a bad agent is a 400; other roles a 403', async () => {
    for (const p of ['/returned', '/new?agent=0', '/new?agent=x', '/new?limit=500']) expect((await get(DEMO.regional, p)).statusCode, p).toBe(400);
    for (const who of [DEMO.agent, DEMO.corporate, DEMO.vendor]) expect((await get(who, '/new')).statusCode, who).toBe(403);
  });
});
