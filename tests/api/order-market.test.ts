import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DELIVERY_MSG } from '../../src/domain/orders/delivery-messages';
import { filterNotForVertical, vehiclesText } from '../../src/domain/orders/filters';
import { MARKET_MSG, priceStep } from '../../src/domain/orders/market';
import { ORDER_DESIGNED_MSG } from '../../src/domain/orders/messages';
import { GROWTH_COMPANY, GROWTH_DEPOSIT_CENTS } from '../../src/server/seed/growth';
import { snapshot } from '../helpers/db-snapshot';
import { DEMO, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/** The wizard's market calls (issue 7): optimizer, cost estimate, bidding context, a draft's test lead, the money facts of the viewer. */
let t: TestApp;
let agent: TestClient;
let pro: TestClient;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  [agent, pro, admin] = await Promise.all([DEMO.agent, DEMO.pro, DEMO.admin].map((e) => sessionFor(t, e)));
});
afterAll(() => t?.close());

const packageId = async (name: string) => (await t.db.query<{ id: number }>('SELECT id FROM packages WHERE name = $1', [name])).rows[0].id;
const ZIPS = ['78701', '78702', '77002'];
const TERRITORY = {
  geoType: 'zip' as const, state: null, counties: [], zips: ZIPS.map((id) => ({ id, enabled: true })), regionalZip: '78701', regionalRadius: 90,
  enableCounties: false, zipListLength: ZIPS.length, manualZipsAdded: false,
};
const since = () => new Date(t.clock.now().getTime() - 30 * 86_400_000);

/** A draft of the agent's with a package and the territory above. */
async function draft(c: TestClient, pkgName = 'Auto Exclusive Leads') {
  const job = (await c.POST('/jobs', { body: { vertical: 'autoins', product: 'leads' } })).data!;
  const res = await c.PATCH('/jobs/{jobId}', { params: { path: { jobId: job.id } }, body: { packageId: await packageId(pkgName) } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  const saved = await c.PATCH('/jobs/{jobId}', { params: { path: { jobId: job.id } }, body: { territory: TERRITORY } });
  expect(saved.response.status, JSON.stringify(saved.error)).toBe(200);
  return saved.data!;
}

describe('GET /cost-estimate', () => {
  test('a state territory counts exactly the last 30 x 24 hours, read from the market rollup and the lead table', async () => {
    const job = await draft(agent);
    const state = { ...TERRITORY, geoType: 'state' as const, state: 'WY', zips: [], zipListLength: 0, regionalZip: null };
    expect((await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: job.id } }, body: { territory: state } })).response.status).toBe(200);
    // Sales of Wyoming around the window's start (a minute either side), inside the window's first day, and today.
    const start = since().getTime();
    for (const [at, cents] of [[start - 60_000, 1010], [start + 60_000, 1990], [start + 3_600_000, 2000], [t.clock.now().getTime() - 60_000, 3130]]) {
      await t.db.query(
        `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, state, zipcode, price_cents, inserted_at)
         SELECT order_id, company_id, user_id, vendor_id, package_id, vertical, product, 'Wy', 'Oming', 'WY', '82001', $1, $2
           FROM leads WHERE vertical = 'autoins' AND product = 'leads' ORDER BY id LIMIT 1`, [cents, new Date(at)]);
    }
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM leads WHERE vertical = 'autoins' AND product = 'leads' AND state = 'WY' AND inserted_at >= $1`, [since()]);
    const { rows: [national] } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM leads WHERE vertical = 'autoins' AND product = 'leads' AND inserted_at >= $1`, [since()]);
    const e = (await agent.GET('/cost-estimate', { params: { query: { jobId: job.id } } })).data!;
    expect(rows[0].n).toBeGreaterThanOrEqual(3);
    expect(e.market.sales).toBe(rows[0].n);
    expect(e.market.national).toBe(national.n);
    expect(e.market.prices.flatMap(([cents]) => cents)).toEqual(expect.arrayContaining([2000, 3150]));
    expect(e.market.prices.flatMap(([cents]) => cents)).not.toContain(1025);
  });

  test('counts the last 30 days of sales in the saved territory; the median is the market-level cost', async () => {
    const job = await draft(agent);
    const { rows } = await t.db.query<{ price_cents: number }>(
      `SELECT price_cents FROM leads WHERE vertical = 'autoins' AND product = 'leads' AND zipcode = ANY($1) AND inserted_at >= $2 ORDER BY price_cents`,
      [ZIPS, since()]);
    expect(rows.length).toBeGreaterThan(0); // the seed sells in Austin and Houston every month
    const res = await agent.GET('/cost-estimate', { params: { query: { jobId: job.id } } });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const e = res.data!;
    expect(e.market.sales).toBe(rows.length);
    expect(e.volumeProjections.territoryMonthly).toBe(rows.length);
    const steps = rows.map((r) => priceStep(r.price_cents));
    expect(e.orderCosts.marketLevelCost).toBe(steps[Math.ceil(steps.length / 2) - 1]);
    expect(e.orderCosts.baseCost).toBe(2500);
    expect(e.orderCosts.maxBidCost).toBe(job.settings.maxBidCents);
    expect(e.hasLegacyCost).toBe(false);
    const won = steps.filter((s) => s <= job.settings.maxBidCents!).length;
    expect(e.volumeProjections.winShare).toBeCloseTo(won / rows.length, 3);
    expect(e.volumeProjections.monthly).toBeLessThanOrEqual(job.settings.caps.monthly);

    // A higher bid wins at least as much; the cheapest bid wins nothing cheaper than the market.
    const high = (await agent.GET('/cost-estimate', { params: { query: { jobId: job.id, maxBid: 5000 } } })).data!;
    expect(high.volumeProjections.winShare).toBe(1);
    expect(high.orderCosts.maxBidCost).toBe(5000);
    const low = (await agent.GET('/cost-estimate', { params: { query: { jobId: job.id, maxBid: 0 } } })).data!;
    expect(low.volumeProjections.daily).toBe(0);
  });

  test('an order is estimated from its own territory; a territory with no sales falls back to the package price', async () => {
    const { rows } = await t.db.query<{ id: number }>(`SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1 AND o.product = 'leads' ORDER BY o.id LIMIT 1`, [DEMO.agent]);
    const res = await agent.GET('/cost-estimate', { params: { query: { orderId: rows[0].id } } });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data!.market.national).toBeGreaterThan(0);

    const job = await draft(agent);
    const empty = { ...TERRITORY, zips: [{ id: '99950', enabled: true }], regionalZip: '99950', zipListLength: 1 };
    expect((await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: job.id } }, body: { territory: empty } })).response.status).toBe(200);
    const none = (await agent.GET('/cost-estimate', { params: { query: { jobId: job.id } } })).data!;
    expect(none.market.sales).toBe(0);
    expect(none.orderCosts.marketLevelCost).toBe(2500);
    expect(none.volumeProjections).toMatchObject({ winShare: 0, daily: 0, weekly: 0, monthly: 0 });
  });

  test('needs exactly one of jobId and orderId, a package, and the caller\'s own draft', async () => {
    const none = await agent.GET('/cost-estimate', { params: { query: {} } });
    expect(none.response.status).toBe(400);
    expect(none.error?.error).toBe(MARKET_MSG.estimateTarget);
    const job = await draft(agent);
    const both = await agent.GET('/cost-estimate', { params: { query: { jobId: job.id, orderId: 1 } } });
    expect(both.response.status).toBe(400);
    const theirs = await sessionFor(t, (await t.db.query<{ email: string }>(`SELECT email FROM users WHERE email LIKE '%@lone-star-insurance-group.test' ORDER BY id LIMIT 1`)).rows[0].email);
    const other = await theirs.GET('/cost-estimate', { params: { query: { jobId: job.id } } });
    expect(other.response.status).toBe(404);
    const bare = (await agent.POST('/jobs', { body: { vertical: 'autoins', product: 'leads' } })).data!;
    const noPkg = await agent.GET('/cost-estimate', { params: { query: { jobId: bare.id } } });
    expect(noPkg.response.status).toBe(422);
    expect(noPkg.error?.error).toBe(ORDER_DESIGNED_MSG.packageRequired);
  });
});

describe('GET /bidding-context', () => {
  test('recent sale prices and other buyers\' bids around a ZIP, never who they are', async () => {
    const res = await agent.GET('/bidding-context', { params: { query: { location: '78701', vertical: 'autoins', product: 'leads' } } });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const b = res.data!;
    expect(b.location).toBe('78701');
    expect(b.salePrices.count).toBeGreaterThan(0);
    expect(b.recentSales.length).toBeGreaterThan(0);
    expect(b.recentSales.length).toBeLessThanOrEqual(10);
    for (const s of b.recentSales) expect(Object.keys(s).sort()).toEqual(['priceCents', 'soldOn']);
    // Texas auto-lead orders of other companies bid on Austin (state orders of TX, or ZIP orders near it).
    const { rows } = await t.db.query<{ bid: number; company: string }>(
      `SELECT o.max_bid_cents AS bid, c.name AS company FROM orders o JOIN companies c ON c.id = o.company_id JOIN users u ON u.id = o.user_id
        WHERE o.status = 'active' AND o.vertical = 'autoins' AND o.product = 'leads' AND o.territory ->> 'state' = 'TX'
          AND o.company_id <> (SELECT company_id FROM users WHERE email = $1)
          AND (o.territory ->> 'geoType' = 'state' OR o.territory -> 'zips' ?| array['78701','78702','78703','78704','78705'])`, [DEMO.agent]);
    expect(b.competingBids.count).toBeGreaterThanOrEqual(rows.length);
    if (b.competingBids.count >= 2) {
      expect(b.competingBids.minCents).toBeLessThanOrEqual(b.competingBids.maxCents!);
    } else expect(b.competingBids.minCents).toBeNull();
    const text = JSON.stringify(b);
    for (const r of rows) expect(text).not.toContain(r.company);
    expect(text).not.toMatch(/@|companyId|orderId|userId/);
  });

  test('the bid-down chart\'s points are the state\'s sales of the window per 25-cent step, counted from the raw leads', async () => {
    const res = await agent.GET('/bidding-context', { params: { query: { location: 'TX', vertical: 'autoins', product: 'leads' } } });
    const since = new Date(t.clock.now().getTime() - 30 * 86_400_000);
    const { rows } = await t.db.query<{ price: number }>(
      "SELECT price_cents AS price FROM leads WHERE vertical = 'autoins' AND product = 'leads' AND state = 'TX' AND inserted_at >= $1", [since]);
    const expected = new Map<number, number>();
    for (const r of rows) expected.set(Math.ceil(r.price / 25) * 25, (expected.get(Math.ceil(r.price / 25) * 25) ?? 0) + 1);
    expect(rows.length).toBeGreaterThan(1);
    expect(res.data!.salesByPrice).toEqual([...expected].sort(([a], [b]) => a - b).map(([priceCents, count]) => ({ priceCents, count })));
    expect(res.data!.salePrices.count).toBe(rows.length);
  });

  test('a state reads the state; the agent\'s own orders do not compete with them', async () => {
    const res = await agent.GET('/bidding-context', { params: { query: { location: 'tx', vertical: 'autoins', product: 'leads' } } });
    expect(res.data?.location).toBe('TX');
    const own = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders o WHERE o.status = 'active' AND o.vertical = 'autoins' AND o.product = 'leads' AND o.deleted_at IS NULL
          AND (o.territory ->> 'state' = 'TX') AND o.company_id IS DISTINCT FROM (SELECT company_id FROM users WHERE email = $1)`, [DEMO.agent]);
    expect(res.data!.competingBids.count).toBe(own.rows[0].n);
  });

  test('refuses what is not a ZIP code or a state', async () => {
    for (const location of ['7870', 'Texas', 'ZZ', '787011']) {
      const res = await agent.GET('/bidding-context', { params: { query: { location, vertical: 'autoins', product: 'leads' } } });
      expect(res.response.status, location).toBe(400);
      expect(res.error?.error).toBe(MARKET_MSG.locationInvalid);
    }
    const unknown = await agent.GET('/bidding-context', { params: { query: { location: '00000', vertical: 'autoins', product: 'leads' } } });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error?.error).toBe(MARKET_MSG.zipUnknown);
  });
});

describe('POST /orders/optimizations', () => {
  const body = async (over: Record<string, unknown> = {}) => {
    const pkg = (await agent.GET('/packages', { params: { query: { vertical: 'autoins', product: 'leads' } } })).data!.packages.find((p) => p.name === 'Auto Exclusive Leads')!;
    return { packageId: pkg.id, territory: TERRITORY, vendorIds: pkg.vendors.slice(0, 2).map((v) => v.id), ratio: 0.5, ...over };
  };

  test('blends the agent\'s choice with the vendors\' scores by the ratio', async () => {
    const b = await body();
    const half = await pro.POST('/orders/optimizations', { body: b });
    expect(half.response.status, JSON.stringify(half.error)).toBe(200);
    const vs = half.data!.optimizerVendors;
    expect(vs).toHaveLength(4);
    expect(vs.reduce((s, v) => s + v.weight, 0)).toBeCloseTo(1, 2);
    expect(vs.some((v) => v.sold > 0)).toBe(true);
    expect(half.data!.opaque).toBe(false);
    const off = (await pro.POST('/orders/optimizations', { body: { ...b, ratio: 0 } })).data!.optimizerVendors;
    expect(off.map((v) => v.weight)).toEqual([0.5, 0.5, 0, 0]);
    const full = (await pro.POST('/orders/optimizations', { body: { ...b, ratio: 1 } })).data!;
    expect(full.opaque).toBe(true);
    const total = full.optimizerVendors.reduce((s, v) => s + v.score, 0);
    for (const v of full.optimizerVendors) expect(v.weight).toBeCloseTo(v.score / total, 2);
    // Admins may too.
    expect((await admin.POST('/orders/optimizations', { body: b })).response.status).toBe(200);
  });

  test('only admins and admin_managed_vendors users, on packages with the optimizer, with a ratio in hundredths', async () => {
    const refused = await agent.POST('/orders/optimizations', { body: await body() });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error).toBe(ORDER_DESIGNED_MSG.optimizerNotAllowed);
    const shared = await pro.POST('/orders/optimizations', { body: await body({ packageId: await packageId('Auto Shared Leads'), vendorIds: [] }) });
    expect(shared.response.status).toBe(403);
    const odd = await pro.POST('/orders/optimizations', { body: await body({ ratio: 0.333 }) });
    expect(odd.response.status).toBe(422);
    expect(odd.error?.error).toBe(ORDER_DESIGNED_MSG.ratioRange);
    const stranger = await pro.POST('/orders/optimizations', { body: await body({ vendorIds: [999999] }) });
    expect(stranger.response.status).toBe(422);
    expect(stranger.error?.error).toBe(ORDER_DESIGNED_MSG.vendorNotInPackage);
    const hidden = await pro.POST('/orders/optimizations', { body: await body({ packageId: await packageId('Internal Test Leads') }) });
    expect(hidden.response.status).toBe(422);
  });

  test('the saved ratio obeys the same rules on PATCH /jobs', async () => {
    const mine = await draft(agent);
    const refused = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: mine.id } }, body: { optimizerRatio: 0.5 } });
    expect(refused.response.status).toBe(422);
    expect(refused.error?.error).toBe(ORDER_DESIGNED_MSG.optimizerNotAllowed);
    const theirs = await draft(pro);
    const ok = await pro.PATCH('/jobs/{jobId}', { params: { path: { jobId: theirs.id } }, body: { optimizerRatio: 0.75 } });
    expect(ok.response.status, JSON.stringify(ok.error)).toBe(200);
    expect(ok.data?.settings.optimizerRatio).toBe(0.75);
    const odd = await pro.PATCH('/jobs/{jobId}', { params: { path: { jobId: theirs.id } }, body: { optimizerRatio: 0.755 } });
    expect(odd.error?.error).toBe(ORDER_DESIGNED_MSG.ratioRange);
  });
});

describe('filters of the vertical', () => {
  test('vehicles, housing and months are checked; a home filter on an auto order is refused', async () => {
    const job = await draft(agent);
    const f = job.settings.filters;
    const ok = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: job.id } }, body: { filters: { ...f, vehicles: [1, 2], housing: ['own'], insuranceMonth: [3, 4] } } });
    expect(ok.response.status, JSON.stringify(ok.error)).toBe(200);
    const bad = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: job.id } }, body: { filters: { ...f, vehicles: [5] } } });
    expect(bad.response.status).toBe(422);
    expect(bad.error?.error).toBe(vehiclesText);
    const home = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: job.id } }, body: { filters: { ...f, homeAge: [0, 40] } } });
    expect(home.response.status).toBe(422);
    expect(home.error?.error).toBe(filterNotForVertical('homeAge', 'autoins'));
  });
});

describe('the viewer\'s money facts', () => {
  test('growth funds from the ledger show growth packages to the seeded growth company only', async () => {
    const { rows } = await t.db.query<{ email: string; company_id: number }>(
      `SELECT u.email, u.company_id FROM users u JOIN companies c ON c.id = u.company_id WHERE c.name = $1 ORDER BY u.id LIMIT 1`, [GROWTH_COMPANY]);
    const growthAgent = await sessionFor(t, DEMO.admin, rows[0].email);
    const names = (await growthAgent.GET('/packages', { params: { query: { vertical: 'autoins', product: 'leads' } } })).data!.packages.map((p) => p.name);
    expect(names).toContain('Auto Growth Leads');
    const forAgent = (await agent.GET('/packages', { params: { query: { vertical: 'autoins', product: 'leads' } } })).data!.packages.map((p) => p.name);
    expect(forAgent).not.toContain('Auto Growth Leads');
    const job = (await growthAgent.POST('/jobs', { body: { vertical: 'autoins', product: 'leads' } })).data!;
    expect(job.viewer.growthFundsCents).toBe(GROWTH_DEPOSIT_CENTS);
    const own = await sessionFor(t, rows[0].email);
    const chose = await own.PATCH('/jobs/{jobId}', { params: { path: { jobId: (await own.POST('/jobs', { body: { vertical: 'autoins', product: 'leads' } })).data!.id } }, body: { packageId: await packageId('Auto Growth Leads') } });
    expect(chose.response.status, JSON.stringify(chose.error)).toBe(200); // the seeded agent holds cld_growth
  });

  test('cards and the withdrawal amount come from payments and the billing settings', async () => {
    const job = (await agent.POST('/jobs', { body: { vertical: 'autoins', product: 'leads' } })).data!;
    const { rows } = await t.db.query<{ amount_cents: number }>(
      'SELECT amount_cents FROM recharge_settings WHERE company_id = (SELECT company_id FROM users WHERE email = $1) AND active', [DEMO.agent]);
    expect(job.viewer.withdrawalAmountCents).toBe(rows[0].amount_cents);
    expect(job.viewer.hasCard).toBe(true);
    expect(job.viewer.hasBilling).toBe(true);
    await t.db.query('UPDATE recharge_settings SET active = false WHERE company_id = (SELECT company_id FROM users WHERE email = $1)', [DEMO.agent]);
    const after = (await agent.POST('/jobs', { body: { vertical: 'autoins', product: 'leads' } })).data!;
    expect(after.viewer.withdrawalAmountCents).toBeNull();
    await t.db.query('UPDATE recharge_settings SET active = true WHERE company_id = (SELECT company_id FROM users WHERE email = $1)', [DEMO.agent]);
  });
});

describe('POST /jobs/{jobId}/test-distribution', () => {
  test('a draft sends a test lead before the order exists; others\' drafts are not found', async () => {
    const job = await draft(agent);
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n;
    const res = await agent.POST('/jobs/{jobId}/test-distribution', { params: { path: { jobId: job.id } }, body: { distribution: { type: 'email', emails: ['crm@agency.test'] } } });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data?.message).toBe(DELIVERY_MSG.testLeadSent);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n).toBe(before + 1);
    const stranger = await sessionFor(t, (await t.db.query<{ email: string }>(`SELECT email FROM users WHERE email LIKE '%@lone-star-insurance-group.test' ORDER BY id LIMIT 1`)).rows[0].email);
    const other = await stranger.POST('/jobs/{jobId}/test-distribution', { params: { path: { jobId: job.id } }, body: { distribution: { type: 'email', emails: ['crm@agency.test'] } } });
    expect(other.response.status).toBe(404);
  });
});

describe('bad input (property)', () => {
  const send = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.request({ method, url: `/rest${url}`, token: pro.session.token, ...(body === undefined ? {} : { payload: body as object }) });

  test('malformed optimizer bodies are 400 and change nothing', async () => {
    const before = await snapshot(t.db);
    const good = { packageId: 1, territory: TERRITORY, vendorIds: [1], ratio: 0.5 };
    // A whole number above 1 is a well-formed (unknown) package id, answered 422: only fractions spoil every key.
    const spoiled = fc.oneof(
      fc.record({ key: fc.constantFrom('packageId', 'territory', 'vendorIds', 'ratio'), value: fc.oneof(fc.string(), fc.integer({ min: -5, max: -1 }), fc.double({ min: 1.0001, max: 1e9, noNaN: true }).filter((d) => !Number.isInteger(d)), fc.constant(null), fc.array(fc.string(), { minLength: 1, maxLength: 2 })) })
        .map(({ key, value }) => ({ ...good, [key]: value })),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 4 }).map((extra) => ({ ...good, ...extra, zz_unknown: 1 })),
    );
    await fc.assert(
      fc.asyncProperty(spoiled, async (b) => {
        const res = await send('POST', '/orders/optimizations', b);
        expect(res.statusCode, JSON.stringify(b)).toBe(400);
        expect(res.json().error).toEqual(expect.any(String));
      }),
      { numRuns: 60 },
    );
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('any bidding-context or cost-estimate query is answered 200, 400, 404 or 422, never a failure', async () => {
    const q = fc.record({
      location: fc.option(fc.oneof(fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^[A-Z]{2}$/), fc.string({ maxLength: 12 }))),
      vertical: fc.option(fc.oneof(fc.constantFrom('autoins', 'homeins'), fc.string({ maxLength: 6 }))),
      product: fc.option(fc.oneof(fc.constantFrom('leads', 'calls'), fc.string({ maxLength: 6 }))),
      jobId: fc.option(fc.oneof(fc.integer({ min: -3, max: 50 }), fc.string({ maxLength: 4 }))),
      maxBid: fc.option(fc.oneof(fc.integer({ min: -100, max: 20000 }), fc.double())),
    });
    await fc.assert(
      fc.asyncProperty(q, async (r) => {
        const qs = (keys: string[]) => new URLSearchParams(Object.entries(r).filter(([k, v]) => keys.includes(k) && v !== null).map(([k, v]) => [k, String(v)]));
        const ctx = await send('GET', `/bidding-context?${qs(['location', 'vertical', 'product'])}`);
        expect([200, 400, 422]).toContain(ctx.statusCode);
        const est = await send('GET', `/cost-estimate?${qs(['jobId', 'maxBid'])}`);
        expect([200, 400, 404, 422]).toContain(est.statusCode);
      }),
      { numRuns: 50 },
    );
  });
});
