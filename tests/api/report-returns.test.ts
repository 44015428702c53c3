import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, sessionFor, userId } from '../helpers/accounts';
import { parseCsv } from '../helpers/csv';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { dayIn } from '../helpers/day-in';

/**
 * GET /reports/returns/reasons and GET /reports/returns (the highest return rates), with
 * their CSVs, for a regional manager (their region's states) and an admin. Expectations
 * are worked out here from the raw lead rows; the range rule's refusals are 400s that
 * change nothing; the CSVs read back, a formula-like name guarded.
 */
let t: TestApp;
const NOW = Date.parse('2026-11-25T17:00:00Z');
const LAST_90 = { from: '2026-08-28', to: '2026-11-25' };
let agentCompany: number;
let evil: number;
const MIN = 20;

const inRange = (d: string, r = LAST_90) => d >= r.from && d <= r.to;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advance(NOW - t.clock.now().getTime());
  await t.db.query("UPDATE users SET timezone = 'America/New_York', created_at = '2025-01-01T00:00:00Z'");
  const agent = await userId(t, DEMO.agent);
  const o = (await t.db.query<{ id: number; company_id: number }>("SELECT id, company_id FROM orders WHERE user_id = $1 AND product = 'leads' ORDER BY id LIMIT 1", [agent])).rows[0];
  agentCompany = o.company_id;
  evil = (await t.db.query<{ id: number }>("INSERT INTO vendors (vendor_name, display_name, verticals) VALUES ('evil', '@SUM(1)', '{autoins}') RETURNING id")).rows[0].id;
  // The vendor sells exactly the minimum in Texas, half of it returned for two reasons: it tops the ranking.
  for (let i = 0; i < MIN; i++) {
    const ret = i % 2 === 0 ? 'return_pending' : null;
    await t.db.query(
      `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, state, price_cents, inserted_at,
                          return_status, return_reason, return_requested_at)
       SELECT o.id, o.company_id, o.user_id, $2, o.package_id, o.vertical, o.product, 'Rate', 'Row', 'TX', 1000, $3::timestamptz, $4::text,
              CASE WHEN $4::text IS NULL THEN NULL WHEN $5 THEN 'fax_machine' ELSE 'wrong_number' END,
              CASE WHEN $4::text IS NULL THEN NULL ELSE $3::timestamptz + interval '1 day' END
         FROM orders o WHERE o.id = $1`, [o.id, evil, new Date(NOW - (i + 2) * 86_400_000).toISOString(), ret, i % 4 === 0]);
  }
}, 60_000);
afterAll(() => t?.close());

interface Raw { vendor_id: number; vendor: string; package_id: number; package: string; inserted_at: Date; return_requested_at: Date | null; return_status: string | null; return_reason: string | null; timezone: string }
async function raw(where: string, params: unknown[]): Promise<Raw[]> {
  return (await t.db.query<Raw>(
    `SELECT l.vendor_id, v.display_name AS vendor, l.package_id, p.name AS package, l.inserted_at, l.return_requested_at, l.return_status, l.return_reason, u.timezone
       FROM leads l JOIN users u ON u.id = l.user_id JOIN vendors v ON v.id = l.vendor_id JOIN packages p ON p.id = l.package_id WHERE l.billed AND (${where})`, params)).rows;
}

async function expectedReasons(where: string, params: unknown[]) {
  const rows = await raw(where, params);
  const total = rows.filter((r) => inRange(dayIn(r.inserted_at, r.timezone))).length;
  const asked = rows.filter((r) => r.return_status !== null && inRange(dayIn(r.return_requested_at ?? r.inserted_at, r.timezone)));
  const reasons = new Map<string, Map<string, number>>();
  for (const r of asked) {
    const m = reasons.get(r.return_reason!) ?? new Map<string, number>();
    m.set(r.vendor, (m.get(r.vendor) ?? 0) + 1);
    reasons.set(r.return_reason!, m);
  }
  const list = [...reasons.entries()].map(([reason, m]) => {
    const n = [...m.values()].reduce((a, b) => a + b, 0);
    const [top, topN] = [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    return { reason, returned: n, share: n / asked.length, vendors: m.size, topVendor: top, topVendorReturned: topN };
  }).sort((a, b) => b.returned - a.returned || a.reason.localeCompare(b.reason));
  return { dateFrom: LAST_90.from, dateTo: LAST_90.to, firstDay: '2024-12-31', stats: { total, returned: asked.length, returnAvg: total ? asked.length / total : null }, reasons: list };
}

async function expectedRates(where: string, params: unknown[], by: 'vendor' | 'package') {
  const rows = (await raw(where, params)).filter((r) => inRange(dayIn(r.inserted_at, r.timezone)));
  const g = new Map<number, { name: string; total: number; returned: number }>();
  for (const r of rows) {
    const id = by === 'vendor' ? r.vendor_id : r.package_id;
    const x = g.get(id) ?? { name: by === 'vendor' ? r.vendor : r.package, total: 0, returned: 0 };
    x.total += 1;
    if (r.return_status !== null) x.returned += 1;
    g.set(id, x);
  }
  return [...g.entries()].filter(([, x]) => x.total >= MIN).map(([id, x]) => ({ id, name: x.name, total: x.total, returned: x.returned, returnAvg: x.returned / x.total }))
    .sort((a, b) => b.returnAvg - a.returnAvg || b.returned - a.returned || a.name.localeCompare(b.name));
}

const tokens = new Map<string, string>();
async function get(email: string, path: string) {
  if (!tokens.has(email)) tokens.set(email, (await sessionFor(t, email)).session.token!);
  const r = await t.request({ method: 'GET', url: `/rest/reports/returns${path}`, token: tokens.get(email)! });
  const fresh = r.headers['x-auth-token'];
  if (typeof fresh === 'string') tokens.set(email, fresh);
  return r;
}
const ok = async (email: string, path: string) => {
  const r = await get(email, path);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Record<string, unknown> & { results: unknown[]; count: number };
};
const REGION = `l.state IN (SELECT rs.state FROM region_states rs WHERE rs.region_id =
  (SELECT coalesce(u.region_id, (SELECT x.region_id FROM region_states x WHERE x.state = u.state)) FROM users u WHERE u.id = $1))
  AND l.product = 'leads'`; // the demo regional manager has no reporting feature: calls are not offered to them

describe('GET /reports/returns/reasons', () => {
  it("a regional manager: their region's returns by reason over the last 90 days, an admin every company's or one", async () => {
    const regional = await userId(t, DEMO.regional);
    const want = await expectedReasons(REGION, [regional]);
    expect(await ok(DEMO.regional, '/reasons')).toEqual(want);
    expect(want.reasons.some((r) => r.topVendor === '@SUM(1)')).toBe(true);
    expect(await ok(DEMO.admin, '/reasons')).toEqual(await expectedReasons('true', []));
    expect(await ok(DEMO.admin, `/reasons?company=${agentCompany}`)).toEqual(await expectedReasons('l.company_id = $1', [agentCompany]));
  });

  it('the CSV reads back with the labels, a formula-like vendor guarded', async () => {
    const want = await expectedReasons('true', []);
    const r = await get(DEMO.admin, '/reasons/export');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="return_reasons.csv"');
    const [header, ...records] = parseCsv(r.body);
    expect(header).toEqual(['Reason', 'Returned', 'Share (%)', 'Vendors', 'Top Vendor', 'Top Vendor Returned']);
    expect(records.map((x) => [x[1], x[2], x[3], x[5]])).toEqual(want.reasons.map((w) => [String(w.returned), (w.share * 100).toFixed(1), String(w.vendors), String(w.topVendorReturned)]));
    expect(records.map((x) => x[0])).toContain('Fax machine');
    expect(records.some((x) => x[4] === '\t@SUM(1)')).toBe(true);
  });
});

describe('GET /reports/returns (the highest return rates)', () => {
  it(`ranks vendors or packages that sold at least ${MIN}, highest rate first, for each scope`, async () => {
    const regional = await userId(t, DEMO.regional);
    const vendors = await ok(DEMO.regional, '?limit=100');
    expect(vendors.results).toEqual(await expectedRates(REGION, [regional], 'vendor'));
    expect([vendors.by, vendors.minTotal]).toEqual(['vendor', MIN]);
    const all = await ok(DEMO.admin, '?limit=100&by=package');
    expect(all.results).toEqual(await expectedRates('true', [], 'package'));
    expect(all.count).toBe(all.results.length);
    const admin = await ok(DEMO.admin, '?limit=100');
    expect(admin.results).toEqual(await expectedRates('true', [], 'vendor'));
    expect((admin.results as Array<{ id: number }>).some((r) => r.id === evil)).toBe(true);
    expect((await ok(DEMO.admin, `?by=vendor&company=${agentCompany}&limit=100`)).results).toEqual(await expectedRates('l.company_id = $1', [agentCompany], 'vendor'));
    const page = await ok(DEMO.admin, '?skip=1&limit=1');
    expect(page.results).toEqual(admin.results.slice(1, 2));
  });

  it('the CSV: the whole ranking, a formula-like name guarded', async () => {
    const want = await expectedRates('true', [], 'vendor');
    const r = await get(DEMO.admin, '/export');
    expect(r.statusCode, r.body).toBe(200);
    const [header, ...records] = parseCsv(r.body);
    expect(header).toEqual(['Vendor', 'Total', 'Returned', 'Return Rate (%)']);
    expect(records).toEqual(want.map((w) => [/^[+\-=@]/.test(w.name) ? `\t${w.name}` : w.name, String(w.total), String(w.returned), (w.returnAvg * 100).toFixed(1)]));
    expect(records.some((x) => x[0] === '\t@SUM(1)')).toBe(true);
  });

  it('agents, corporate managers and vendors may not ask; a regional naming a company is a 403; bad ranges are 400s that change nothing', async () => {
    for (const who of [DEMO.agent, DEMO.corporate, DEMO.vendor]) {
      expect((await get(who, '')).statusCode, who).toBe(403);
      expect((await get(who, '/reasons')).statusCode, who).toBe(403);
    }
    expect((await get(DEMO.regional, `?company=${agentCompany}`)).statusCode).toBe(403);
    const before = await snapshot(t.db);
    for (const path of ['?dateFrom=2026-08-27', '/reasons?dateFrom=2026-05-01&dateTo=2026-05-02', '/export?dateTo=2026-11-26', '/reasons/export?dateFrom=x', '?by=agent', '?limit=0']) {
      const r = await get(DEMO.regional, path);
      expect(r.statusCode, path).toBe(400);
    }
    const r = await get(DEMO.regional, '/reasons?dateFrom=2026-08-27');
    expect((r.json() as { errors: unknown[] }).errors).toContainEqual({ field: 'dateFrom', message: 'A date range covers at most 90 days' });
    expect(await snapshot(t.db)).toEqual(before);
  });
});
