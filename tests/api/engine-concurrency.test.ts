import { afterAll, beforeAll, expect, test } from 'vitest';
import { addBuyer, addOrder, addPackage, addVendor, type Vendor } from '../helpers/engine-market';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A burst of concurrent pings, ping-posts and direct posts against tight caps and small
 * balances, with phone numbers repeating: afterwards no order is over a cap, no balance
 * is below zero, no company bought one phone twice, and the ledger holds exactly one
 * purchase per lead. On PostgreSQL (DATABASE_URL) 1,000 requests at once; PGlite (one
 * connection: everything serialises anyway) runs a smaller burst.
 */
const ON_PG = !!process.env.DATABASE_URL;
const REQUESTS = ON_PG ? 1000 : 200;
const COMPANIES = 12;
const PRICE_FLOOR = 1000;

let t: TestApp;
let vendor: Vendor;
beforeAll(async () => {
  t = await startTestApp({ vendorRequestsPerSecond: 1_000_000 });
  vendor = await addVendor(t.db, t.clock.now());
  const exclusive = await addPackage(t.db, { vendorId: vendor.id, costCents: PRICE_FLOOR, maxBuyers: 1 });
  const shared = await addPackage(t.db, { vendorId: vendor.id, costCents: PRICE_FLOOR, maxBuyers: 3 });
  for (let i = 0; i < COMPANIES; i++) {
    // Small balances: a few leads' worth, some not a multiple of any price.
    const b = await addBuyer(t, { balanceCents: 2_500 + i * 700, hourlyCap: i % 4 === 0 ? 3 : null });
    for (const [k, packageId] of [exclusive, shared, exclusive].entries()) {
      await addOrder(t, b, { packageId, vendorIds: [vendor.id], maxBidCents: 1000 + ((i * 7 + k * 13) % 9) * 150,
        caps: { daily: 2 + ((i + k) % 3), weekly: 4, monthly: 6 } });
    }
  }
}, 60_000);
afterAll(() => t?.close());

const v2 = (path: string, body: object) =>
  t.request({ method: 'POST', url: `/rest/v2${path}`, payload: body, headers: { authorization: vendor.auth } });

const PHONES = 150;
const leadOf = (i: number) => ({
  vertical: 'autoins', zipcode: '60601', first_name: 'Burst', last_name: `No ${i}`,
  home_phone: `555100${String(i % PHONES).padStart(4, '0')}`,
});

test(`${REQUESTS} concurrent pings and posts: zero cap overshoot, zero overdraft, zero double sale`, { timeout: 180_000 }, async () => {
  const started = performance.now();
  const statuses = new Map<number, number>();
  const count = (s: number) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
  await Promise.all(Array.from({ length: REQUESTS }, async (_, i) => {
    if (i % 2 === 0) {
      const r = await v2('/post', leadOf(i));
      count(r.statusCode);
      return;
    }
    const p = await v2('/ping', { vertical: 'autoins', zipcode: '60601' });
    count(p.statusCode);
    if (p.statusCode !== 200 || !p.json().matched) return;
    // Some pings are posted twice at once: one sale at most.
    const posts = await Promise.all((i % 5 === 1 ? [0, 1] : [0]).map(() => v2(`/pingpost/${p.json().ping_id}`, leadOf(i))));
    for (const r of posts) count(r.statusCode);
  }));
  const ms = performance.now() - started;

  const q = async (sql: string) => (await t.db.query<{ n: number }>(sql, [vendor.id])).rows[0].n;
  const sold = await q('SELECT count(*)::int AS n FROM leads WHERE vendor_id = $1');
  const capOvershoot = await q(`SELECT count(*)::int AS n FROM (
      SELECT o.id FROM orders o JOIN leads l ON l.order_id = o.id WHERE l.vendor_id = $1
       GROUP BY o.id, o.cap_daily, o.cap_weekly, o.cap_monthly HAVING count(*) > least(o.cap_daily, o.cap_weekly, o.cap_monthly)) x`);
  const hourlyOvershoot = await q(`SELECT count(*)::int AS n FROM (
      SELECT c.id FROM companies c JOIN leads l ON l.company_id = c.id WHERE l.vendor_id = $1 AND c.hourly_lead_cap IS NOT NULL
       GROUP BY c.id, c.hourly_lead_cap HAVING count(*) > c.hourly_lead_cap) x`);
  const overdraft = await q(`SELECT count(*)::int AS n FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.account_id
      WHERE a.kind = 'company_balance' AND b.balance_cents < 0 AND a.company_id IN (SELECT company_id FROM orders o JOIN order_vendors v ON v.order_id = o.id WHERE v.vendor_id = $1)`);
  const doubleSale = await q(`SELECT count(*)::int AS n FROM (
      SELECT company_id, phone FROM leads WHERE vendor_id = $1 GROUP BY company_id, phone HAVING count(*) > 1) x`);
  const unpaid = await q(`SELECT count(*)::int AS n FROM leads l WHERE l.vendor_id = $1 AND
      (SELECT count(*) FROM ledger_transactions x WHERE x.idempotency_key = 'purchase:lead:' || l.id) <> 1`);
  const paidMismatch = await q(`SELECT count(*)::int AS n FROM companies c WHERE c.id IN (SELECT company_id FROM leads WHERE vendor_id = $1)
      AND (SELECT coalesce(sum(price_cents), 0) FROM leads WHERE company_id = c.id AND vendor_id = $1)
       <> (SELECT coalesce(-sum(e.amount_cents), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
            JOIN ledger_transactions x ON x.id = e.transaction_id WHERE a.kind = 'company_balance' AND a.company_id = c.id AND x.kind = 'lead_purchase')`);

  await t.ctx.engine.counts.flush();
  const outcomes = (await t.db.query<{ outcome: string; n: number }>(
    `SELECT m.outcome, sum(m.n)::int AS n FROM order_match_counts m JOIN order_vendors v ON v.order_id = m.order_id AND v.vendor_id = $1 GROUP BY 1 ORDER BY 2 DESC`, [vendor.id])).rows;
  console.log(`[engine burst] outcomes ${outcomes.map((o) => `${o.outcome} ${o.n}`).join(', ')}`);
  console.log(`[engine burst] ${t.db.kind}: ${REQUESTS} requests (+ ping-posts) in ${Math.round(ms)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}; `
    + `leads sold ${sold}; cap overshoot ${capOvershoot}; hourly-cap overshoot ${hourlyOvershoot}; overdraft ${overdraft}; double sale ${doubleSale}; `
    + `leads without exactly one purchase ${unpaid}; companies whose purchases differ from their leads ${paidMismatch}`);
  expect([...statuses.keys()].every((s) => s === 200 || s === 409)).toBe(true);
  expect(sold).toBeGreaterThan(0);
  expect({ capOvershoot, hourlyOvershoot, overdraft, doubleSale, unpaid, paidMismatch }).toEqual(
    { capOvershoot: 0, hourlyOvershoot: 0, overdraft: 0, doubleSale: 0, unpaid: 0, paidMismatch: 0 });
});
