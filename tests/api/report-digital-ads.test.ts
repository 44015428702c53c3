import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/days';
import { isoDayIn } from '../../src/domain/time/zone';
import { DEMO, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { signedInGet } from '../helpers/report-requests';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * GET /leads/{company}/digital-ads-report: a company's leads from digital-ads vendors. The
 * expected days, vendors and totals are summed here from the raw lead rows (billed, sold on
 * a day of the range in the buying agent's zone, from a vendor with digital_ads); the
 * feature gates it for everyone but admins; the company is the caller's own.
 */
let t: TestApp;
const ZONE = 'America/New_York';
let TODAY: string;
let agent: number;
let agentCompany: number;
let otherCompany: number;
const get = signedInGet(() => t, '/rest/leads');

beforeAll(async () => {
  t = await startTestApp();
  TODAY = isoDayIn(t.clock.now(), ZONE);
  await t.db.query("UPDATE users SET timezone = $1, created_at = '2025-01-01T00:00:00Z'", [ZONE]);
  agent = await userId(t, DEMO.agent);
  agentCompany = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [agent])).rows[0].company_id;
  otherCompany = (await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [agentCompany])).rows[0].id;
  await t.db.query("UPDATE users SET features = array_append(features, 'digital-ads') WHERE email IN ($1, $2)", [DEMO.agent, DEMO.corporate]);
}, 60_000);
afterAll(() => t?.close());

interface Figures { leads: number; spend: number; quoted: number; quoteRate: number | null; policies: number; costPerQuote: number | null; costPerPolicy: number | null }

async function expected(where: string, params: unknown[], from: string, to: string) {
  const { rows } = await t.db.query<{ vendor_id: number; display_name: string; price_cents: number; agent_status: string; return_status: string | null; inserted_at: Date; timezone: string }>(
    `SELECT l.vendor_id, v.display_name, l.price_cents, l.agent_status, l.return_status, l.inserted_at, u.timezone
       FROM leads l JOIN vendors v ON v.id = l.vendor_id AND v.digital_ads JOIN users u ON u.id = l.user_id
      WHERE l.billed AND l.product = 'leads' AND (${where})`, params);
  const inRange = rows.map((r) => ({ ...r, day: isoDayIn(r.inserted_at, r.timezone) })).filter((r) => r.day >= from && r.day <= to);
  const figures = (rs: typeof inRange): Figures => {
    const worked = rs.filter((r) => r.return_status === null || r.return_status === 'return_denied' || r.return_status === 'return_dispute_denied');
    const quoted = worked.filter((r) => r.agent_status === 'quoted' || r.agent_status === 'policy').length;
    const policies = worked.filter((r) => r.agent_status === 'policy').length;
    const spend = rs.reduce((s, r) => s + r.price_cents, 0);
    return { leads: rs.length, spend, quoted, quoteRate: rs.length ? quoted / rs.length : null, policies,
      costPerQuote: quoted ? Math.round(spend / quoted) : null, costPerPolicy: policies ? Math.round(spend / policies) : null };
  };
  const days = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const of = inRange.filter((r) => r.day === d);
    days.push({ day: d, leads: of.length, spend: of.reduce((s, r) => s + r.price_cents, 0) });
  }
  const vendorIds = [...new Set(inRange.map((r) => r.vendor_id))];
  const vendors = vendorIds.map((id) => {
    const of = inRange.filter((r) => r.vendor_id === id);
    return { vendorId: id, vendorDisplayName: of[0].display_name, ...figures(of) };
  }).sort((a, b) => b.leads - a.leads || a.vendorDisplayName.localeCompare(b.vendorDisplayName));
  return { totals: figures(inRange), days, vendors };
}

describe('GET /leads/{company}/digital-ads-report', () => {
  it("an agent with the feature: their own digital-ads leads over the last 90 days, by day and vendor", async () => {
    const r = await get(DEMO.agent, `/${agentCompany}/digital-ads-report`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    const [from, to] = [addDays(TODAY, -89), TODAY];
    expect(body).toEqual({ asOf: t.clock.now().toISOString(), dateFrom: from, dateTo: to, firstDay: expect.any(String), companyId: agentCompany,
      ...(await expected('l.user_id = $1', [agent], from, to)) });
    expect(body.totals.leads).toBeGreaterThan(0);
    expect(body.days).toHaveLength(90);
  });

  it("a corporate manager with the feature: the company's; an admin any company, over a custom range and vertical", async () => {
    const corporate = await userId(t, DEMO.corporate);
    await t.db.query('UPDATE users SET company_id = $2 WHERE id = $1', [corporate, agentCompany]);
    const [from, to] = [addDays(TODAY, -20), addDays(TODAY, -1)];
    const mine = await get(DEMO.corporate, `/${agentCompany}/digital-ads-report?dateFrom=${from}&dateTo=${to}`);
    expect(mine.json()).toMatchObject(await expected('l.company_id = $1', [agentCompany], from, to));
    const admin = await get(DEMO.admin, `/${agentCompany}/digital-ads-report?dateFrom=${from}&dateTo=${to}&vertical=autoins`);
    expect(admin.json()).toMatchObject(await expected("l.company_id = $1 AND l.vertical = 'autoins'", [agentCompany], from, to));
  });

  it('without the feature, or for another company, a 403; bad input a 400; nothing changes', async () => {
    // Each caller signed in first: a session is a row.
    for (const who of [DEMO.regional, DEMO.vendor, DEMO.pro]) await get(who, '/0/digital-ads-report');
    const before = await snapshot(t.db);
    for (const who of [DEMO.regional, DEMO.vendor, DEMO.pro]) expect((await get(who, `/${agentCompany}/digital-ads-report`)).statusCode, who).toBe(403);
    const other = await get(DEMO.agent, `/${otherCompany}/digital-ads-report`);
    expect([other.statusCode, other.json()]).toEqual([403, { error: expect.any(String) }]);
    for (const q of [`?dateFrom=${addDays(TODAY, 1)}`, '?vertical=life', '?dateFrom=2026-02-30']) expect((await get(DEMO.agent, `/${agentCompany}/digital-ads-report${q}`)).statusCode, q).toBe(400);
    expect((await get(DEMO.agent, '/0/digital-ads-report')).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });
});
