import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, userId } from '../helpers/accounts';
import { dayIn, signedInGet } from '../helpers/report-requests';
import { parseCsv } from '../helpers/csv';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The Lead Volume report (GET /reports/lead-volume, its CSV and its order filter GET
 * /reports/orders/lead-volume) and the Packages report (GET /reports/packages/lead-volume
 * and its CSV), for each role's scope. The expected figures are worked out here from the
 * raw lead rows (billed ones, each on the sale's day in the buying agent's zone), never
 * from the rollups; calls count only for callers offered call products. Bad input: bad-input/reports.test.ts.
 */
let t: TestApp;
/** Wednesday 25 November 2026, 12:00 in New York. */
const NOW = Date.parse('2026-11-25T17:00:00Z');
const TODAY = '2026-11-25';
const LAST_90 = { from: '2026-08-28', to: TODAY };
let agent: number;
let agentCompany: number;
let leadsOrder: number;
let evilPackage: number;
let evilOrder: number;
let regionStates: string[];

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advance(NOW - t.clock.now().getTime());
  await t.db.query("UPDATE users SET timezone = 'America/New_York', created_at = '2025-01-01T00:00:00Z'");
  agent = await userId(t, DEMO.agent);
  await t.db.query("UPDATE users SET timezone = 'America/Los_Angeles' WHERE id = $1", [agent]);
  const o = (await t.db.query<{ id: number; company_id: number }>("SELECT id, company_id FROM orders WHERE user_id = $1 AND product = 'leads' ORDER BY id LIMIT 1", [agent])).rows[0];
  leadsOrder = o.id;
  agentCompany = o.company_id;
  const regional = await userId(t, DEMO.regional);
  regionStates = (await t.db.query<{ s: string }>(
    `SELECT rs.state::text AS s FROM region_states rs JOIN users u ON rs.region_id = COALESCE(u.region_id, (SELECT r2.region_id FROM region_states r2 WHERE r2.state = u.state))
      WHERE u.id = $1`, [regional])).rows.map((r) => r.s);
  expect(regionStates.length).toBeGreaterThan(0);
  // A package whose name a spreadsheet would run as a formula, with sales on the range's edges in a state of the regional manager's region.
  evilPackage = (await t.db.query<{ id: number }>(
    "INSERT INTO packages (name, vertical, product, cost_cents) VALUES ('=HYPERLINK(\"p\")', 'autoins', 'leads', 1500) RETURNING id")).rows[0].id;
  // The agent's order of that package (a lead's package is its order's).
  evilOrder = (await t.db.query<{ id: number }>(
    `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, max_bid_cents, created_at, modified_at)
     VALUES ($1, $2, $3, 'Volume test order', 'autoins', 'leads', 2500, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z') RETURNING id`,
    [agentCompany, agent, evilPackage])).rows[0].id;
  const sales: Array<[string, string, string | null, number]> = [
    ['2026-11-25T16:00:00Z', 'quoted', null, 2000],
    ['2026-11-20T16:00:00Z', 'policy', null, 3000],
    ['2026-11-18T16:00:00Z', 'quoted', 'return_approved', 1000], // given back: no outcome, refunded
    ['2026-08-28T08:00:00Z', 'new', null, 1200], // 01:00 on the 28th in Los Angeles: the range's first day
    ['2026-08-28T06:00:00Z', 'quoted', null, 1300], // 23:00 on the 27th in Los Angeles: outside
  ];
  for (const [at, status, ret, price] of sales) {
    await t.db.query(
      `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, state, price_cents, inserted_at,
                          agent_status, return_status, return_reason, return_requested_at)
       SELECT o.id, o.company_id, o.user_id, (SELECT min(id) FROM vendors), o.package_id, o.vertical, o.product, 'Volume', 'Row', $6, $5, $2, $3, $4::text,
              CASE WHEN $4::text IS NULL THEN NULL ELSE 'wrong_number' END, CASE WHEN $4::text IS NULL THEN NULL ELSE $2::timestamptz END
         FROM orders o WHERE o.id = $1`, [evilOrder, at, status, ret, price, regionStates[0]]);
  }
}, 60_000);
afterAll(() => t?.close());

interface Raw {
  order_id: number;
  company_id: number;
  package_id: number;
  package: string;
  package_vertical: string;
  package_product: string;
  product: 'leads' | 'calls';
  price_cents: number;
  agent_status: string;
  return_status: string | null;
  day: string;
}

/** The billed lead rows a condition on `l` selects, each with its day in the buying agent's zone, within a range. */
async function raw(where: string, params: unknown[], range = LAST_90): Promise<Raw[]> {
  const { rows } = await t.db.query<Omit<Raw, 'day'> & { inserted_at: Date; timezone: string }>(
    `SELECT l.order_id, l.company_id, l.package_id, p.name AS package, p.vertical AS package_vertical, p.product AS package_product, l.product,
            l.price_cents, l.agent_status, l.return_status, l.inserted_at, u.timezone
       FROM leads l JOIN users u ON u.id = l.user_id JOIN packages p ON p.id = l.package_id WHERE l.billed AND (${where})`, params);
  return rows.map((r) => ({ ...r, day: dayIn(r.inserted_at, r.timezone) })).filter((r) => r.day >= range.from && r.day <= range.to);
}

interface Period { from: string; to: string; leads: number; calls: number | null; total: number; spend: number }
interface Volume {
  asOf: string; dateFrom: string; dateTo: string; firstDay: string; interval: 'day' | 'week'; products: string[]; orderId: number | null;
  totals: Period; periods: Period[]; count: number; results: Period[];
}

/** Each period's delivery from the raw rows; calls only when read. */
function volumeOf(rows: Raw[], periods: Array<{ from: string; to: string }>, withCalls: boolean): Period[] {
  return periods.map(({ from, to }) => {
    const inside = rows.filter((r) => r.day >= from && r.day <= to && (withCalls || r.product === 'leads'));
    const leads = inside.filter((r) => r.product === 'leads').length;
    const calls = inside.length - leads;
    return { from, to, leads, calls: withCalls ? calls : null, total: inside.length, spend: inside.reduce((s, r) => s + r.price_cents, 0) };
  });
}

/** The weeks, Monday to Sunday, of the 90 days to Wednesday 25 November, cut at the ends (worked out by hand). */
function weeksOfLast90(): Array<{ from: string; to: string }> {
  const weeks = [{ from: '2026-08-28', to: '2026-08-30' }]; // Friday to Sunday
  for (let monday = '2026-08-31'; monday <= TODAY; monday = addDays(monday, 7)) weeks.push({ from: monday, to: addDays(monday, 6) < TODAY ? addDays(monday, 6) : TODAY });
  return weeks;
}

const get = signedInGet(() => t, '/rest/reports');
async function volume(email: string, query = ''): Promise<Volume> {
  const r = await get(email, `/lead-volume?limit=100${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Volume;
}

describe('GET /reports/lead-volume', () => {
  it("an agent offered calls: leads and calls per week over the last 90 days by default, each sale on its day in the agent's zone", async () => {
    const body = await volume(DEMO.agent);
    expect([body.dateFrom, body.dateTo, body.interval, body.orderId]).toEqual([LAST_90.from, LAST_90.to, 'week', null]);
    expect(body.products).toEqual(['leads', 'calls']);
    expect(body.asOf).toBe(new Date(NOW).toISOString());
    const weeks = weeksOfLast90();
    expect(body.periods.map(({ from, to }) => ({ from, to }))).toEqual(weeks);
    const rows = await raw('l.user_id = $1', [agent]);
    expect(rows.some((r) => r.product === 'calls')).toBe(true);
    const want = volumeOf(rows, weeks, true);
    expect(body.periods).toEqual(want);
    expect(body.totals).toEqual(volumeOf(rows, [LAST_90], true)[0]);
    // The table: every period, total descending, ties oldest first.
    expect(body.count).toBe(weeks.length);
    expect(body.results).toEqual([...want].sort((a, b) => b.total - a.total || a.from.localeCompare(b.from)));
    // The test's sale on the first day (01:00 in Los Angeles) counts; the one at 23:00 the day before does not.
    const first = (await raw('l.user_id = $1 AND l.package_id = $2', [agent, evilPackage]));
    expect(first.map((r) => r.day).sort()).toEqual(['2026-08-28', '2026-11-18', '2026-11-20', '2026-11-25']);
  });

  it('a range of at most 31 days is charted by day, zeros included; a product narrows it', async () => {
    const range = { from: '2026-10-26', to: TODAY };
    const body = await volume(DEMO.agent, `&dateFrom=${range.from}&dateTo=${range.to}`);
    expect(body.interval).toBe('day');
    const days = Array.from({ length: 31 }, (_, i) => addDays(range.from, i)).map((d) => ({ from: d, to: d }));
    expect(body.periods).toEqual(volumeOf(await raw('l.user_id = $1', [agent], range), days, true));
    const leads = await volume(DEMO.agent, `&dateFrom=${range.from}&dateTo=${range.to}&product=leads&vertical=autoins`);
    expect(leads.products).toEqual(['leads']);
    expect(leads.periods).toEqual(volumeOf(await raw("l.user_id = $1 AND l.vertical = 'autoins' AND l.product = 'leads'", [agent], range), days, false));
    // 32 days is weekly.
    expect((await volume(DEMO.agent, `&dateFrom=2026-10-25&dateTo=${TODAY}`)).interval).toBe('week');
  });

  it('sorts the table by any column either way and pages by 25 from skip', async () => {
    const all = (await volume(DEMO.agent)).periods;
    const bySpend = await volume(DEMO.agent, '&sort=spend&order=asc');
    expect(bySpend.results).toEqual([...all].sort((a, b) => a.spend - b.spend || a.from.localeCompare(b.from)));
    const byPeriod = await volume(DEMO.agent, '&sort=from&order=desc');
    expect(byPeriod.results.map((p) => p.from)).toEqual(all.map((p) => p.from).reverse());
    const page = (await get(DEMO.agent, '/lead-volume?sort=from&order=asc&skip=2&limit=3')).json() as Volume;
    expect([page.count, page.results]).toEqual([all.length, all.slice(2, 5)]);
    const days = (await get(DEMO.agent, `/lead-volume?dateFrom=2026-10-26&dateTo=${TODAY}`)).json() as Volume;
    expect([days.count, days.results.length, days.periods.length]).toEqual([31, 25, 31]);
  });

  it("the order filter: the caller's orders with their volume, most first; choosing one narrows the figures", async () => {
    const r = await get(DEMO.agent, '/orders/lead-volume?limit=100');
    expect(r.statusCode, r.body).toBe(200);
    const orders = r.json() as { count: number; results: Array<{ orderId: number; name: string; agentName: string; vertical: string; product: string; total: number; spend: number }> };
    const rows = await raw('l.user_id = $1', [agent]);
    const named = (await t.db.query<{ id: number; name: string; vertical: string; product: string; agent: string }>(
      "SELECT o.id, o.name, o.vertical, o.product, u.first_name || ' ' || u.last_name AS agent FROM orders o JOIN users u ON u.id = o.user_id")).rows;
    const want = [...new Set(rows.map((x) => x.order_id))].map((id) => {
      const o = named.find((n) => n.id === id)!;
      const mine = rows.filter((x) => x.order_id === id);
      return { orderId: id, name: o.name, agentName: o.agent, vertical: o.vertical, product: o.product, total: mine.length, spend: mine.reduce((s, x) => s + x.price_cents, 0) };
    }).sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
    expect(orders.results).toEqual(want);
    expect(orders.count).toBe(want.length);
    expect(want.some((o) => o.product === 'calls')).toBe(true);

    const one = await volume(DEMO.agent, `&orderId=${leadsOrder}`);
    expect(one.orderId).toBe(leadsOrder);
    expect(one.periods).toEqual(volumeOf(rows.filter((x) => x.order_id === leadsOrder), weeksOfLast90(), true));
    // An order the caller may not see is a 404, as opening it is; a regional manager is not shown the filter.
    const other = (await t.db.query<{ id: number }>('SELECT id FROM orders WHERE company_id <> $1 ORDER BY id LIMIT 1', [agentCompany])).rows[0].id;
    const refused = await get(DEMO.agent, `/lead-volume?orderId=${other}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'This order does not exist' });
    expect((await get(DEMO.agent, '/lead-volume?orderId=2147483647')).statusCode).toBe(404);
    expect((await get(DEMO.regional, '/orders/lead-volume')).statusCode).toBe(403);
    expect((await get(DEMO.vendor, '/orders/lead-volume')).statusCode).toBe(403);
  });

  it("a regional manager: the consumers of their region's states, leads only (not offered calls), the last 90 days", async () => {
    const body = await volume(DEMO.regional);
    expect([body.dateFrom, body.dateTo, body.products]).toEqual([LAST_90.from, LAST_90.to, ['leads']]);
    const rows = await raw('l.state = ANY ($1::text[])', [regionStates]);
    expect(body.periods).toEqual(volumeOf(rows, weeksOfLast90(), false));
    expect(body.periods.every((p) => p.calls === null)).toBe(true);
    const r = await get(DEMO.regional, '/lead-volume?product=calls');
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ error: expect.any(String) });
  });

  it("a corporate manager: the company's leads; an admin: every company's or the one named, calls included; another company is a 403", async () => {
    const corporate = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE email = $1', [DEMO.corporate])).rows[0].company_id;
    const corp = await volume(DEMO.corporate);
    expect(corp.products).toEqual(['leads']);
    expect(corp.periods).toEqual(volumeOf(await raw('l.company_id = $1', [corporate]), weeksOfLast90(), false));
    const admin = await volume(DEMO.admin);
    expect(admin.products).toEqual(['leads', 'calls']);
    expect(admin.totals).toEqual(volumeOf(await raw('true', []), [LAST_90], true)[0]);
    const named = await volume(DEMO.admin, `&company=${agentCompany}`);
    expect(named.periods).toEqual(volumeOf(await raw('l.company_id = $1', [agentCompany]), weeksOfLast90(), true));
    const other = (await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [agentCompany])).rows[0].id;
    for (const path of [`/lead-volume?company=${other}`, `/lead-volume/export?company=${other}`, `/orders/lead-volume?company=${other}`])
      expect((await get(DEMO.agent, path)).statusCode, path).toBe(403);
    expect((await get(DEMO.vendor, '/lead-volume')).statusCode).toBe(403);
  });

  it('the CSV: every period in the table\'s sort, the Calls column only for those offered calls', async () => {
    const want = (await volume(DEMO.agent, '&sort=from&order=asc')).results;
    const r = await get(DEMO.agent, '/lead-volume/export?sort=from&order=asc');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.headers['content-disposition']).toBe('attachment; filename="lead_volume.csv"');
    const [header, ...records] = parseCsv(r.body);
    expect(header).toEqual(['From', 'To', 'Leads', 'Calls', 'Total', 'Spend ($)']);
    expect(records).toEqual(want.map((p) => [p.from, p.to, String(p.leads), String(p.calls), String(p.total), (p.spend / 100).toFixed(2)]));
    const regional = parseCsv((await get(DEMO.regional, '/lead-volume/export')).body);
    expect(regional[0]).toEqual(['From', 'To', 'Leads', 'Total', 'Spend ($)']);
  });
});

interface PackageRow {
  packageId: number; name: string; vertical: string; product: string; total: number; spend: number; quoted: number; quoteRate: number | null;
  policies: number; costPerQuote: number | null; costPerPolicy: number | null; returnRate: number | null;
}

/** One row per package of the raw rows, total descending then by name. */
function packagesOf(rows: Raw[]): PackageRow[] {
  const by = new Map<number, Raw[]>();
  for (const r of rows) by.set(r.package_id, [...(by.get(r.package_id) ?? []), r]);
  return [...by.values()].map((g) => {
    const worked = g.filter((r) => r.return_status === null || r.return_status === 'return_denied' || r.return_status === 'return_dispute_denied');
    const quoted = worked.filter((r) => r.agent_status === 'quoted' || r.agent_status === 'policy').length;
    const policies = worked.filter((r) => r.agent_status === 'policy').length;
    const spend = g.reduce((s, r) => s + r.price_cents, 0);
    const net = spend - g.filter((r) => r.return_status === 'return_approved').reduce((s, r) => s + r.price_cents, 0);
    return {
      packageId: g[0].package_id, name: g[0].package, vertical: g[0].package_vertical, product: g[0].package_product, total: g.length, spend, quoted,
      quoteRate: quoted / g.length, policies, costPerQuote: quoted ? Math.round(net / quoted) : null, costPerPolicy: policies ? Math.round(net / policies) : null,
      returnRate: g.filter((r) => r.return_status !== null).length / g.length,
    };
  }).sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

describe('GET /reports/packages/lead-volume', () => {
  const all = async (email: string, query = '') => {
    const r = await get(email, `/packages/lead-volume?limit=100${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { asOf: string; dateFrom: string; dateTo: string; firstDay: string; count: number; results: PackageRow[] };
  };

  it("a regional manager: the packages of their region's consumers' leads (not calls), with the vendor report's figures", async () => {
    const body = await all(DEMO.regional);
    expect([body.dateFrom, body.dateTo, body.asOf]).toEqual([LAST_90.from, LAST_90.to, new Date(NOW).toISOString()]);
    const want = packagesOf(await raw("l.state = ANY ($1::text[]) AND l.product = 'leads'", [regionStates]));
    expect(body.results).toEqual(want);
    expect(body.count).toBe(want.length);
    // The test's package, by hand: 4 sold in range, 2 quoted (one given back), 1 policy, 1 refund of 1000.
    expect(body.results.find((r) => r.packageId === evilPackage)).toEqual({
      packageId: evilPackage, name: '=HYPERLINK("p")', vertical: 'autoins', product: 'leads', total: 4, spend: 2000 + 3000 + 1000 + 1200, quoted: 2, quoteRate: 0.5,
      policies: 1, costPerQuote: Math.round((2000 + 3000 + 1200) / 2), costPerPolicy: 2000 + 3000 + 1200, returnRate: 0.25,
    });
    expect((await get(DEMO.regional, '/packages/lead-volume?product=calls')).statusCode).toBe(403);
  });

  it("an admin: every company's packages, calls included, or one company's; sorts by any column, missing figures last", async () => {
    const body = await all(DEMO.admin);
    const want = packagesOf(await raw('true', []));
    expect(body.results).toEqual(want.slice(0, 100));
    expect(want.some((r) => r.product === 'calls')).toBe(true);
    expect((await all(DEMO.admin, `&company=${agentCompany}&vertical=autoins`)).results)
      .toEqual(packagesOf(await raw("l.company_id = $1 AND l.vertical = 'autoins'", [agentCompany])));
    const byName = await all(DEMO.admin, '&sort=name&order=asc');
    expect(byName.results.map((r) => r.name)).toEqual(want.map((r) => r.name).sort((a, b) => a.localeCompare(b)));
    const cpp = (await all(DEMO.admin, '&sort=costPerPolicy&order=desc')).results.map((r) => r.costPerPolicy);
    const known = cpp.filter((c) => c !== null);
    expect(known).toEqual([...known].sort((a, b) => b! - a!));
    expect(cpp.slice(known.length).every((c) => c === null)).toBe(true);
    const page = (await get(DEMO.admin, '/packages/lead-volume?skip=1&limit=2')).json() as { results: PackageRow[] };
    expect(page.results).toEqual(want.slice(1, 3));
    for (const who of [DEMO.agent, DEMO.corporate, DEMO.vendor]) expect((await get(who, '/packages/lead-volume')).statusCode, who).toBe(403);
  });

  it('the CSV: every row in its sort, the table\'s columns, a formula-like name guarded', async () => {
    const want = packagesOf(await raw("l.state = ANY ($1::text[]) AND l.product = 'leads'", [regionStates]));
    const r = await get(DEMO.regional, '/packages/lead-volume/export');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="packages_report.csv"');
    const [header, ...records] = parseCsv(r.body);
    expect(header).toEqual(['Package', 'Vertical', 'Product', 'Total', 'Spend ($)', 'Quoted', 'Quote Rate (%)', 'Policies', 'Cost Per Quote ($)', 'Cost Per Policy ($)', 'Return Rate (%)']);
    const pct = (x: number | null) => (x === null ? '' : (x * 100).toFixed(1));
    const usd = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2));
    expect(records).toEqual(want.map((w) => [
      w.name.startsWith('=') ? `\t${w.name}` : w.name, w.vertical === 'autoins' ? 'Auto' : 'Home', w.product === 'leads' ? 'Leads' : 'Calls',
      String(w.total), usd(w.spend), String(w.quoted), pct(w.quoteRate), String(w.policies), usd(w.costPerQuote), usd(w.costPerPolicy), pct(w.returnRate),
    ]));
    expect(records.some((rec) => rec[0] === '\t=HYPERLINK("p")')).toBe(true);
  });
});
