import { parseCsv } from '../helpers/csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, userId } from '../helpers/accounts';
import { dayIn, signedInGet } from '../helpers/report-requests';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * GET /reports/vendor/ratings and its CSV: one row per vendor of the leads sold in the
 * range, for each role's scope. The expected rows are worked out here from the raw lead
 * rows (the sale's day in the agent's zone), never from the rollups; the range rule's
 * refusals are 400s that change nothing; the CSV reads back, a formula-like name guarded.
 */
let t: TestApp;
/** Wednesday 25 November 2026, 12:00 in New York. */
const NOW = Date.parse('2026-11-25T17:00:00Z');
const TODAY = '2026-11-25';
const LAST_90 = { from: '2026-08-28', to: TODAY };
let agent: number;
let agentCompany: number;
let evil: number;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advance(NOW - t.clock.now().getTime());
  await t.db.query("UPDATE users SET timezone = 'America/New_York', created_at = '2025-01-01T00:00:00Z'");
  agent = await userId(t, DEMO.agent);
  await t.db.query("UPDATE users SET timezone = 'America/Los_Angeles' WHERE id = $1", [agent]);
  const o = (await t.db.query<{ id: number; company_id: number }>("SELECT id, company_id FROM orders WHERE user_id = $1 AND product = 'leads' ORDER BY id LIMIT 1", [agent])).rows[0];
  agentCompany = o.company_id;
  // A vendor whose name a spreadsheet would run as a formula.
  evil = (await t.db.query<{ id: number }>("INSERT INTO vendors (vendor_name, display_name, verticals) VALUES ('evil', '=HYPERLINK(\"x\")', '{autoins}') RETURNING id")).rows[0].id;
  // Sales of that vendor on the range's edges (in the agent's zone), with outcomes and returns.
  const sales: Array<[string, string, string | null, number]> = [
    ['2026-11-25T16:00:00Z', 'quoted', null, 2000],
    ['2026-11-20T16:00:00Z', 'policy', null, 3000],
    ['2026-11-19T16:00:00Z', 'policy', 'return_denied', 2500],
    ['2026-11-18T16:00:00Z', 'quoted', 'return_approved', 1000], // given back: no outcome, refunded
    ['2026-08-28T08:00:00Z', 'new', null, 1200], // 01:00 on the 28th in Los Angeles: the range's first day
    ['2026-08-28T06:00:00Z', 'quoted', null, 1300], // 23:00 on the 27th in Los Angeles: outside
  ];
  for (const [at, status, ret, price] of sales) {
    await t.db.query(
      `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, state, price_cents, inserted_at,
                          agent_status, return_status, return_reason, return_requested_at, deny_reason)
       SELECT o.id, o.company_id, o.user_id, $2, o.package_id, o.vertical, o.product, 'Vendor', 'Row', 'TX', $6, $3, $4, $5::text,
              CASE WHEN $5::text IS NULL THEN NULL ELSE 'wrong_number' END, CASE WHEN $5::text IS NULL THEN NULL ELSE $3::timestamptz END,
              CASE WHEN $5::text = 'return_denied' THEN 'contact_verified' END
         FROM orders o WHERE o.id = $1`, [o.id, evil, at, status, ret, price]);
  }
}, 60_000);
afterAll(() => t?.close());

interface Row { vendorId: number; vendorDisplayName: string; total: number; quoted: number; quoteRate: number | null; policies: number; costPerQuote: number | null; costPerPolicy: number | null; returnRate: number | null }

/** The rows of the raw leads a condition on `l` selects, over days (in each agent's zone), total descending then by name. */
async function expected(where: string, params: unknown[], range = LAST_90): Promise<Row[]> {
  const { rows } = await t.db.query<{ vendor_id: number; name: string; inserted_at: Date; timezone: string; price_cents: number; agent_status: string; return_status: string | null }>(
    `SELECT l.vendor_id, v.display_name AS name, l.inserted_at, u.timezone, l.price_cents, l.agent_status, l.return_status
       FROM leads l JOIN users u ON u.id = l.user_id JOIN vendors v ON v.id = l.vendor_id WHERE l.billed AND (${where})`, params);
  const by = new Map<number, { name: string; sold: number; quoted: number; policy: number; spend: number; refunds: number; returned: number }>();
  for (const r of rows) {
    const day = dayIn(r.inserted_at, r.timezone);
    if (day < range.from || day > range.to) continue;
    const v = by.get(r.vendor_id) ?? { name: r.name, sold: 0, quoted: 0, policy: 0, spend: 0, refunds: 0, returned: 0 };
    const worked = r.return_status === null || r.return_status === 'return_denied' || r.return_status === 'return_dispute_denied';
    v.sold += 1;
    v.spend += r.price_cents;
    if (worked && (r.agent_status === 'quoted' || r.agent_status === 'policy')) v.quoted += 1;
    if (worked && r.agent_status === 'policy') v.policy += 1;
    if (r.return_status === 'return_approved') v.refunds += r.price_cents;
    if (r.return_status !== null) v.returned += 1;
    by.set(r.vendor_id, v);
  }
  return [...by.entries()].map(([id, v]) => ({
    vendorId: id, vendorDisplayName: v.name, total: v.sold, quoted: v.quoted, quoteRate: v.quoted / v.sold, policies: v.policy,
    costPerQuote: v.quoted ? Math.round((v.spend - v.refunds) / v.quoted) : null,
    costPerPolicy: v.policy ? Math.round((v.spend - v.refunds) / v.policy) : null,
    returnRate: v.returned / v.sold,
  })).sort((a, b) => b.total - a.total || a.vendorDisplayName.localeCompare(b.vendorDisplayName));
}

const get = signedInGet(() => t, '/rest/reports/vendor/ratings');
const all = async (email: string, query: string) => {
  const r = await get(email, `?limit=100${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { dateFrom: string; dateTo: string; firstDay: string; count: number; results: Row[] };
};

describe('GET /reports/vendor/ratings', () => {
  it("an agent: their own leads' vendors over the last 90 days by default, each sale on its day in the agent's zone", async () => {
    const body = await all(DEMO.agent, '');
    expect([body.dateFrom, body.dateTo]).toEqual([LAST_90.from, LAST_90.to]);
    const want = await expected('l.user_id = $1', [agent]);
    expect(body.results).toEqual(want);
    expect(body.count).toBe(want.length);
    // The test's vendor, worked out by hand: 5 sold in range, 3 quoted (one given back), 2 policies, 1 refund of 1000.
    expect(body.results.find((r) => r.vendorId === evil)).toEqual({
      vendorId: evil, vendorDisplayName: '=HYPERLINK("x")', total: 5, quoted: 3, quoteRate: 0.6, policies: 2,
      costPerQuote: Math.round((2000 + 3000 + 2500 + 1000 + 1200 - 1000) / 3), costPerPolicy: (2000 + 3000 + 2500 + 1200) / 2, returnRate: 0.4,
    });
  });

  it('sorts by any column either way (missing figures last) and pages by 25 from skip', async () => {
    const want = await expected('l.user_id = $1', [agent]);
    const byName = await all(DEMO.agent, '&sort=vendorDisplayName&order=asc');
    expect(byName.results.map((r) => r.vendorDisplayName)).toEqual(want.map((r) => r.vendorDisplayName).sort((a, b) => a.localeCompare(b)));
    const cpp = (await all(DEMO.agent, '&sort=costPerPolicy&order=asc')).results.map((r) => r.costPerPolicy);
    const known = cpp.filter((c) => c !== null);
    expect(known).toEqual([...known].sort((a, b) => a! - b!));
    expect(cpp.slice(known.length).every((c) => c === null)).toBe(true);
    const page = await get(DEMO.agent, '?skip=1&limit=1');
    expect((page.json() as { results: Row[] }).results).toEqual(want.slice(1, 2));
    const dflt = (await get(DEMO.agent, '')).json() as { results: Row[] };
    expect(dflt.results.length).toBe(Math.min(25, want.length));
  });

  it('a custom range, a product and a vertical narrow it', async () => {
    const range = { from: '2026-11-19', to: '2026-11-20' };
    const body = await all(DEMO.agent, `&dateFrom=${range.from}&dateTo=${range.to}&product=leads&vertical=autoins`);
    expect(body.results).toEqual(await expected("l.user_id = $1 AND l.product = 'leads' AND l.vertical = 'autoins'", [agent], range));
  });

  it("an admin: every company's, or the one named; a user naming another company is a 403; others may not ask", async () => {
    expect((await all(DEMO.admin, '')).results).toEqual(await expected('true', []));
    expect((await all(DEMO.admin, `&company=${agentCompany}`)).results).toEqual(await expected('l.company_id = $1', [agentCompany]));
    const other = (await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [agentCompany])).rows[0].id;
    expect((await get(DEMO.agent, `?company=${other}`)).statusCode).toBe(403);
    for (const who of [DEMO.regional, DEMO.corporate, DEMO.vendor]) expect((await get(who, '')).statusCode, who).toBe(403);
  });

  it("the range rule's refusals are 400s on the field that change nothing", async () => {
    await get(DEMO.agent, '');
    const before = await snapshot(t.db);
    const refusals: Array<[string, string, string]> = [
      ['dateFrom=2026-08-27&dateTo=2026-11-25', 'dateFrom', 'A date range covers at most 90 days'],
      ['dateFrom=2026-05-28&dateTo=2026-06-10', 'dateFrom', 'The start date may be at most 180 days back'],
      ['dateFrom=2026-11-20&dateTo=2026-11-26', 'dateTo', 'The end date cannot be later than today'],
      ['dateFrom=2026-11-21&dateTo=2026-11-20', 'dateFrom', 'The start date must not be after the end date'],
      ['dateFrom=2026-02-30&dateTo=2026-11-20', 'dateFrom', 'Enter a date as YYYY-MM-DD'],
    ];
    for (const [q, field, message] of refusals) {
      const r = await get(DEMO.agent, `?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect((r.json() as { errors: unknown[] }).errors, q).toContainEqual({ field, message });
    }
    // 180 days back is the earliest start (today − 179), with at most 90 days.
    expect((await get(DEMO.agent, '?dateFrom=2026-05-30&dateTo=2026-08-27')).statusCode).toBe(200);
    for (const q of ['sort=name', 'order=up', 'limit=101', 'skip=-1', 'product=optimizer', 'vertical=life', 'company=0'])
      expect((await get(DEMO.agent, `?${q}`)).statusCode, q).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it("no range starts before the user's account: the default starts on their first day, an earlier start is a 400", async () => {
    await t.db.query("UPDATE users SET created_at = '2026-11-20T07:30:00Z' WHERE id = $1", [agent]); // 23:30 on the 19th in Los Angeles
    const body = await all(DEMO.agent, '');
    expect([body.dateFrom, body.dateTo, body.firstDay]).toEqual(['2026-11-19', TODAY, '2026-11-19']);
    expect(body.results).toEqual(await expected('l.user_id = $1', [agent], { from: '2026-11-19', to: TODAY }));
    const r = await get(DEMO.agent, '?dateFrom=2026-11-18&dateTo=2026-11-20');
    expect(r.statusCode).toBe(400);
    expect((r.json() as { errors: unknown[] }).errors).toContainEqual({ field: 'dateFrom', message: 'The start date cannot be before your account was opened (2026-11-19)' });
    await t.db.query("UPDATE users SET created_at = '2025-01-01T00:00:00Z' WHERE id = $1", [agent]);
  });

  it('the CSV: every row of the filter in its sort, the columns of the specification, a formula-like name guarded', async () => {
    const want = await expected('l.user_id = $1', [agent]);
    const r = await get(DEMO.agent, '/export');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.headers['content-disposition']).toBe('attachment; filename="vendor_report.csv"');
    const [header, ...records] = parseCsv(r.body);
    expect(header).toEqual(['Vendor', 'Total', 'Quoted', 'Quote Rate (%)', 'Policies', 'Cost Per Quote ($)', 'Cost Per Policy ($)', 'Return Rate (%)']);
    const pct = (x: number | null) => (x === null ? '' : (x * 100).toFixed(1));
    const usd = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2));
    expect(records).toEqual(want.map((w) => [
      w.vendorDisplayName.startsWith('=') ? `\t${w.vendorDisplayName}` : w.vendorDisplayName,
      String(w.total), String(w.quoted), pct(w.quoteRate), String(w.policies), usd(w.costPerQuote), usd(w.costPerPolicy), pct(w.returnRate),
    ]));
    expect(records.some((rec) => rec[0] === '\t=HYPERLINK("x")')).toBe(true);
  });
});
