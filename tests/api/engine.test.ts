import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PING_TTL_SECONDS, vendorShareOf } from '../../src/domain/engine';
import { breakdown, runDeliveries } from '../../src/server/services/engine';
import { match } from '../../src/server/services/engine/match';
import { VendorAllowance } from '../../src/server/services/engine/allowance';
import { hashToken } from '../../src/server/services/tokens';
import { deliveryDeps } from '../../src/server/services/delivery';
import { DEMO, sessionFor } from '../helpers/accounts';
import { addBuyer, addOrder, addPackage, addVendor, balanceOf, lead, phone, type Buyer, type OrderOpts, type Vendor } from '../helpers/engine-market';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ vendorRequestsPerSecond: 40 });
});
afterAll(() => t?.close());

const v2 = (path: string, body: unknown, auth: string | undefined) =>
  t.request({ method: 'POST', url: `/rest/v2${path}`, payload: body as object, headers: auth ? { authorization: auth } : {} });

interface Scene {
  vendor: Vendor;
  packageId: number;
  buyer: Buyer;
  orderId: number;
}

/** A vendor, its package, and one buyer with one order that would buy a lead from 60601 (unless `order` or `buyer` say otherwise). */
async function scene(order: Partial<OrderOpts> = {}, buyer: Parameters<typeof addBuyer>[1] = {}, pkg: { costCents?: number; maxBuyers?: number; product?: 'leads' | 'calls' } = {}): Promise<Scene> {
  const vendor = await addVendor(t.db, t.clock.now());
  const packageId = await addPackage(t.db, { vendorId: vendor.id, ...pkg });
  const b = await addBuyer(t, { balanceCents: 100_000, ...buyer });
  const orderId = await addOrder(t, b, { packageId, vendorIds: [vendor.id], product: pkg.product, ...order });
  return { vendor, packageId, buyer: b, orderId };
}

/** What the why-not breakdown says of an order for a ping (its decision, with what happened after it on top). */
const outcomeOf = async (pingId: string, orderId: number) =>
  (await breakdown(t.db, pingId, { kind: 'all' }))?.rows.find((r) => r.orderId === orderId)?.outcome;

describe('ping, then post', () => {
  test('a matched ping stores its ping id; its post sells at the ping price: lead, ledger (buyer, vendor, revenue), match events', async () => {
    const s = await scene({ maxBidCents: 2500 }, {}, { costCents: 1000 });
    const p = await v2('/ping', { vertical: 'autoins', zipcode: '60601', age: 30 }, s.vendor.auth);
    expect(p.statusCode, p.body).toBe(200);
    const ping = p.json();
    expect(ping).toMatchObject({ matched: true, buyers: 1, price_cents: 1000 });
    expect(new Date(ping.expires_at).getTime() - t.clock.now().getTime()).toBe(PING_TTL_SECONDS * 1000);
    expect(await outcomeOf(ping.ping_id, s.orderId)).toBe('won');
    // The row keeps the vertical and ZIP in their columns only, not again in its lead, which is the fields' JSON text as
    // they came; no expiry of its own (its creation plus the TTL), no product (its kind's) and no state (its ZIP's; migration 041).
    const stored = (await t.db.query<{ lead: unknown; lead_text: string; zipcode: string; expires_at: Date | null; product: string | null; state: string | null }>(
      'SELECT lead, lead::text AS lead_text, zipcode, expires_at, product, state FROM engine_pings WHERE id = $1', [ping.ping_id])).rows[0];
    expect(stored).toEqual({ lead: { age: 30 }, lead_text: '{"age":30}', zipcode: '60601', expires_at: null, product: null, state: null });

    const before = await balanceOf(t.db, s.buyer.companyId);
    const r = await v2(`/pingpost/${ping.ping_id}`, lead({ age: 30 }), s.vendor.auth);
    expect(r.statusCode, r.body).toBe(200);
    const sale = r.json();
    expect(sale).toMatchObject({ sold: true, ping_id: ping.ping_id, buyers: 1, price_cents: 1000 });
    expect(await balanceOf(t.db, s.buyer.companyId)).toBe(before - 1000);
    const { rows } = await t.db.query<{ account: string; amount: number }>(
      `SELECT a.kind AS account, e.amount_cents AS amount FROM ledger_transactions x JOIN ledger_entries e ON e.transaction_id = x.id
         JOIN ledger_accounts a ON a.id = e.account_id WHERE x.idempotency_key = $1 ORDER BY a.kind`, [`purchase:lead:${sale.lead_ids[0]}`]);
    expect(rows).toEqual([
      { account: 'company_balance', amount: -1000 },
      { account: 'revenue', amount: 1000 - vendorShareOf(1000) },
      { account: 'vendor_payable', amount: vendorShareOf(1000) },
    ]);
    expect(await outcomeOf(ping.ping_id, s.orderId)).toBe('sold');
    const leadRow = (await t.db.query<{ order_id: number; vendor_id: number; price_cents: number; ping_id: string }>(
      'SELECT order_id, vendor_id, price_cents, ping_id FROM leads WHERE id = $1', [sale.lead_ids[0]])).rows[0];
    expect(leadRow).toEqual({ order_id: s.orderId, vendor_id: s.vendor.id, price_cents: 1000, ping_id: ping.ping_id });

    // The same ping again is a duplicate, and changes nothing.
    const again = await v2(`/pingpost/${ping.ping_id}`, lead({ age: 30 }), s.vendor.auth);
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(t.db, s.buyer.companyId)).toBe(before - 1000);
  });

  test('a shared ping\'s post sells to exactly its winners, in the auction\'s rank, each at its price (read from the decision); a winner gone meanwhile has its company\'s event', async () => {
    const vendor = await addVendor(t.db, t.clock.now());
    const packageId = await addPackage(t.db, { vendorId: vendor.id, costCents: 1000, maxBuyers: 2 });
    const day = 86_400_000;
    const at = (days: number) => new Date(t.clock.now().getTime() - days * day);
    // Ids in the opposite order to the rank: `tied` waited longer than `later` and wins the tie at 2000 after `top`.
    const laterBuyer = await addBuyer(t, { balanceCents: 10_000 });
    const later = await addOrder(t, laterBuyer, { packageId, vendorIds: [vendor.id], maxBidCents: 2000, createdAt: at(1) });
    const tiedBuyer = await addBuyer(t, { balanceCents: 10_000 });
    const tied = await addOrder(t, tiedBuyer, { packageId, vendorIds: [vendor.id], maxBidCents: 2000, createdAt: at(2) });
    const topBuyer = await addBuyer(t, { balanceCents: 10_000 });
    const top = await addOrder(t, topBuyer, { packageId, vendorIds: [vendor.id], maxBidCents: 3000 });
    const sameCompany = await addOrder(t, topBuyer, { packageId, vendorIds: [vendor.id], maxBidCents: 2500 });
    const leadsOf = async (ids: number[]) => (await t.db.query<{ order_id: number; company_id: number; price_cents: number }>(
      'SELECT order_id, company_id, price_cents FROM leads WHERE id = ANY($1::int[]) ORDER BY id', [ids])).rows;

    const ping = (await v2('/ping', { vertical: 'autoins', zipcode: '60601' }, vendor.auth)).json();
    // top pays the next bid (2000) plus a cent; tied its own bid, 2000.
    expect(ping).toMatchObject({ matched: true, buyers: 2, price_cents: 2001 + 2000 });
    // The row keeps no offers of its own (migration 037): the post reads them from the decision.
    expect((await t.db.query('SELECT offers FROM engine_pings WHERE id = $1', [ping.ping_id])).rows).toEqual([{ offers: null }]);
    const sale = (await v2(`/pingpost/${ping.ping_id}`, lead(), vendor.auth)).json();
    expect(sale).toMatchObject({ sold: true, buyers: 2, price_cents: 4001 });
    expect(await leadsOf(sale.lead_ids)).toEqual([
      { order_id: top, company_id: topBuyer.companyId, price_cents: 2001 },
      { order_id: tied, company_id: tiedBuyer.companyId, price_cents: 2000 },
    ]);
    for (const [id, outcome] of [[later, 'outbid'], [sameCompany, 'same_buyer']] as const) expect(await outcomeOf(ping.ping_id, id)).toBe(outcome);

    // A winner made inactive between the ping and its post: the other is sold; the event names the inactive order's company.
    // (tied's wait restarted at its sale: later wins the tie now.)
    t.clock.advanceSeconds(1);
    const next = (await v2('/ping', { vertical: 'autoins', zipcode: '60601' }, vendor.auth)).json();
    await t.db.query(`UPDATE orders SET status = 'inactive' WHERE id = $1`, [top]);
    const partial = (await v2(`/pingpost/${next.ping_id}`, lead(), vendor.auth)).json();
    expect(partial).toMatchObject({ sold: true, buyers: 1 });
    expect(await leadsOf(partial.lead_ids)).toEqual([{ order_id: later, company_id: laterBuyer.companyId, price_cents: 2000 }]);
    const { rows: events } = await t.db.query<{ order_id: number; company_id: number; outcome: string }>(
      'SELECT order_id, company_id, outcome FROM match_events WHERE ping_id = $1 ORDER BY order_id', [next.ping_id]);
    expect(events).toEqual([
      { order_id: later, company_id: laterBuyer.companyId, outcome: 'sold' },
      { order_id: top, company_id: topBuyer.companyId, outcome: 'inactive' },
    ].sort((a, b) => a.order_id - b.order_id));
  });

  test('a ping written before migration 037 is posted from its offers column', async () => {
    const s = await scene({ maxBidCents: 2500 }, {}, { costCents: 1000 });
    const ping = (await v2('/ping', { vertical: 'autoins', zipcode: '60601' }, s.vendor.auth)).json();
    // Its offers then, at a price its decision does not have (the rank of a version-1 decision was the ids').
    await t.db.query('UPDATE engine_pings SET offers = $2::jsonb WHERE id = $1',
      [ping.ping_id, JSON.stringify([{ orderId: s.orderId, companyId: s.buyer.companyId, priceCents: 1234 }])]);
    const sale = (await v2(`/pingpost/${ping.ping_id}`, lead(), s.vendor.auth)).json();
    expect(sale).toMatchObject({ sold: true, buyers: 1, price_cents: 1234 });
  });

  test('an expired ping is 422; another vendor\'s ping is 404; a post with another ZIP is 400', async () => {
    const s = await scene();
    const other = await addVendor(t.db, t.clock.now());
    const ping = (await v2('/ping', { vertical: 'autoins', zipcode: '60601' }, s.vendor.auth)).json();
    expect((await v2(`/pingpost/${ping.ping_id}`, lead(), other.auth)).statusCode).toBe(404);
    const moved = await v2(`/pingpost/${ping.ping_id}`, lead({ zipcode: '60602' }), s.vendor.auth);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.map((e: { field: string }) => e.field)).toEqual(['zipcode']);
    t.clock.advanceSeconds(PING_TTL_SECONDS);
    const late = await v2(`/pingpost/${ping.ping_id}`, lead(), s.vendor.auth);
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('ping_expired');
    expect((await t.db.query('SELECT 1 FROM leads WHERE ping_id = $1', [ping.ping_id])).rows).toHaveLength(0);
  });
});

describe('the vendor API refuses', () => {
  test('no token or a wrong one: 401 with WWW-Authenticate', async () => {
    const none = await v2('/ping', { vertical: 'autoins', zipcode: '60601' }, undefined);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic/);
    expect((await v2('/ping', { vertical: 'autoins', zipcode: '60601' }, `Basic ${Buffer.from('nope:').toString('base64')}`)).statusCode).toBe(401);
  });

  test('bad fields: 400 with the field names, nothing stored', async () => {
    const s = await scene();
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM engine_pings WHERE vendor_id = $1', [s.vendor.id])).rows[0].n;
    for (const [body, field] of [
      [{ vertical: 'autoins', zipcode: '6060' }, 'zipcode'],
      [{ vertical: 'boats', zipcode: '60601' }, 'vertical'],
      [{ vertical: 'autoins', zipcode: '00000' }, 'zipcode'],
      [{ vertical: 'autoins', zipcode: '60601', state: 'TX' }, 'state'],
      [{ vertical: 'autoins', zipcode: '60601', colour: 'red' }, 'colour'],
    ] as const) {
      const r = await v2('/ping', body, s.vendor.auth);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const post = await v2('/post', { vertical: 'autoins', zipcode: '60601', first_name: 'A', last_name: 'B', home_phone: '12' }, s.vendor.auth);
    expect(post.statusCode).toBe(400);
    expect(await count()).toBe(0);
  });

  test('a vendor_lead_id sent twice is 409 and sells once', async () => {
    const s = await scene();
    const body = lead({ vendor_lead_id: 'L-1' });
    expect((await v2('/post', body, s.vendor.auth)).json().sold).toBe(true);
    const again = await v2('/post', { ...body, home_phone: phone() }, s.vendor.auth);
    expect(again.statusCode).toBe(409);
    expect((await t.db.query('SELECT 1 FROM leads WHERE vendor_id = $1', [s.vendor.id])).rows).toHaveLength(1);
  });

  test('a flood: 429 with Retry-After once the vendor is over its allowance this second', async () => {
    const s = await scene();
    const answers = [];
    for (let i = 0; i < 45; i++) answers.push(await v2('/ping', { vertical: 'autoins', zipcode: '60601' }, s.vendor.auth));
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused.length).toBe(5);
    expect(refused[0].headers['retry-after']).toBe('1');
    t.clock.advanceSeconds(1);
    expect((await v2('/ping', { vertical: 'autoins', zipcode: '60601' }, s.vendor.auth)).statusCode).toBe(200);
  });
});

describe('the vendor\'s token, kept in memory once seen', () => {
  test('a revoked token, or a vendor made inactive, is 401 on the very next request', async () => {
    const s = await scene();
    const ping = () => v2('/ping', { vertical: 'autoins', zipcode: '60601' }, s.vendor.auth);
    expect((await ping()).statusCode).toBe(200);
    expect(t.ctx.engine.keys.get(hashToken(s.vendor.token))).toBe(s.vendor.id);
    await t.db.query('UPDATE vendors SET status = $2 WHERE id = $1', [s.vendor.id, 'inactive']);
    expect((await ping()).statusCode).toBe(401);
    await t.db.query('UPDATE vendors SET status = $2 WHERE id = $1', [s.vendor.id, 'active']);
    expect((await ping()).statusCode).toBe(200);
    await t.db.query('UPDATE vendor_api_keys SET revoked_at = now() WHERE vendor_id = $1', [s.vendor.id]);
    expect((await ping()).statusCode).toBe(401);
  });

  test('two servers share a vendor\'s count of the second through the database', async () => {
    const s = await scene();
    const a = new VendorAllowance(t.db);
    const b = new VendorAllowance(t.db);
    const now = t.clock.now();
    for (let i = 0; i < 3; i++) a.hit(s.vendor.id, now);
    await a.sync();
    expect(b.hit(s.vendor.id, now)).toBe(1);
    await b.sync();
    expect(b.hit(s.vendor.id, now)).toBe(5);
    expect(a.hit(s.vendor.id, new Date(now.getTime() + 1000))).toBe(1);
  });
});

describe('each eligibility rule, flipped alone, excludes the order with its key', () => {
  /** Post a lead; the scene's order must be excluded by `rule`. */
  async function excludedBy(s: Scene, rule: string, body = lead()) {
    const r = await v2('/post', body, s.vendor.auth);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ sold: false });
    expect(await outcomeOf(r.json().ping_id, s.orderId)).toBe(rule);
  }
  const sold = async (s: Scene, body = lead()) => {
    const r = await v2('/post', body, s.vendor.auth);
    expect(r.json(), r.body).toMatchObject({ sold: true });
  };

  test('control: the base scene sells', async () => sold(await scene()));
  test('inactive', async () => excludedBy(await scene({ status: 'inactive' }), 'inactive'));
  test('vendor', async () => {
    const s = await scene();
    const other = await addVendor(t.db, t.clock.now());
    await t.db.query('UPDATE order_vendors SET vendor_id = $2 WHERE order_id = $1', [s.orderId, other.id]);
    await excludedBy(s, 'vendor');
  });
  test('schedule', async () => excludedBy(await scene({ schedule: {} }), 'schedule'));
  test('filters', async () => {
    const s = await scene({ filters: { age: [30, 40] } });
    await excludedBy(s, 'filters', lead({ age: 25 }));
    await sold(s, lead({ age: 35 }));
  });
  test('cap_daily', async () => {
    const s = await scene({ caps: { daily: 1, weekly: 10, monthly: 10 } });
    await sold(s);
    await excludedBy(s, 'cap_daily');
  });
  test('cap_weekly', async () => {
    const s = await scene({ caps: { daily: 10, weekly: 1, monthly: 10 } });
    await sold(s);
    await excludedBy(s, 'cap_weekly');
  });
  test('cap_monthly', async () => {
    const s = await scene({ caps: { daily: 10, weekly: 10, monthly: 1 } });
    await sold(s);
    await excludedBy(s, 'cap_monthly');
  });
  test('hourly_cap', async () => {
    const s = await scene({}, { hourlyCap: 1 });
    await sold(s);
    await excludedBy(s, 'hourly_cap');
  });
  test('duplicate (same phone, or same email, within 30 days)', async () => {
    const s = await scene();
    const first = lead();
    await sold(s, first);
    await excludedBy(s, 'duplicate', lead({ home_phone: first.home_phone }));
    await excludedBy(s, 'duplicate', lead({ email: first.email }));
    // Both scrubbed on the dashboard: counted with the order's bid, on the agent's day, in the consumer's state.
    await t.ctx.engine.counts.flush();
    const { rows: scrubbed } = await t.db.query<{ day: string; state: string; n: number; cost: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, state, n::int, cost_cents::int AS cost FROM order_scrubbed_daily WHERE order_id = $1`, [s.orderId]);
    const bid = (await t.db.query<{ b: number }>('SELECT coalesce(custom_price_cents, max_bid_cents) AS b FROM orders WHERE id = $1', [s.orderId])).rows[0].b;
    const zone = (await t.db.query<{ z: string }>('SELECT timezone AS z FROM users WHERE id = $1', [s.buyer.userId])).rows[0].z;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t.clock.now());
    expect(scrubbed).toEqual([{ day, state: 'IL', n: 2, cost: 2 * bid }]);
    t.clock.advance(31 * 86_400_000);
    await sold(s, lead({ home_phone: first.home_phone }));
  });
  test('below_cost', async () => excludedBy(await scene({ maxBidCents: 900 }, {}, { costCents: 1000 }), 'below_cost'));
  test('balance (and a company with automatic recharge gets one queued)', async () => {
    const s = await scene({ maxBidCents: 2000 }, { balanceCents: 500 }, { costCents: 1000 });
    await t.db.query(`INSERT INTO recharge_settings (company_id, billing_type, active, amount_cents, threshold_cents, updated_at) VALUES ($1, 'ct', true, 25000, 5000, $2)`,
      [s.buyer.companyId, t.clock.now()]);
    await excludedBy(s, 'balance');
    expect((await t.db.query(`SELECT 1 FROM money_jobs WHERE company_id = $1 AND kind = 'recharge' AND done_at IS NULL`, [s.buyer.companyId])).rows).toHaveLength(1);
  });
  test('territory: an order whose territory lacks the ZIP is not considered at all', async () => {
    const s = await scene({ zips: ['60602'] });
    const r = (await v2('/post', lead(), s.vendor.auth)).json();
    expect(r.sold).toBe(false);
    expect(await outcomeOf(r.ping_id, s.orderId)).toBeUndefined();
  });
  test('a state territory holds every ZIP of the state', async () => sold(await scene({ state: 'IL' })));
});

describe('the auction', () => {
  test('shared: the two best bids win and each pays the third bid plus a cent', async () => {
    const vendor = await addVendor(t.db, t.clock.now());
    const packageId = await addPackage(t.db, { vendorId: vendor.id, costCents: 1000, maxBuyers: 2 });
    const orders = [];
    for (const bid of [3000, 2500, 2000]) orders.push(await addOrder(t, await addBuyer(t, { balanceCents: 10_000 }), { packageId, vendorIds: [vendor.id], maxBidCents: bid }));
    const r = (await v2('/post', lead(), vendor.auth)).json();
    expect(r).toMatchObject({ sold: true, buyers: 2, price_cents: 2 * 2001 });
    expect(await outcomeOf(r.ping_id, orders[2])).toBe('outbid');
  });
  test('a tie goes to the order that has waited longest', async () => {
    const vendor = await addVendor(t.db, t.clock.now());
    const packageId = await addPackage(t.db, { vendorId: vendor.id, costCents: 1000 });
    const day = 86_400_000;
    const newer = await addOrder(t, await addBuyer(t, { balanceCents: 10_000 }), { packageId, vendorIds: [vendor.id], maxBidCents: 2000, createdAt: new Date(t.clock.now().getTime() - day) });
    const older = await addOrder(t, await addBuyer(t, { balanceCents: 10_000 }), { packageId, vendorIds: [vendor.id], maxBidCents: 2000, createdAt: new Date(t.clock.now().getTime() - 2 * day) });
    const first = (await v2('/post', lead(), vendor.auth)).json();
    expect(await outcomeOf(first.ping_id, older)).toBe('sold');
    expect(first.price_cents).toBe(2000);
    // The winner's wait restarts at its sale: the next tie goes to the other order.
    t.clock.advanceSeconds(1);
    const second = (await v2('/post', lead(), vendor.auth)).json();
    expect(await outcomeOf(second.ping_id, newer)).toBe('sold');
  });
});

describe('calls', () => {
  test('match holds the order\'s one slot; post connects the call in pending-connection; a second match finds no slot', async () => {
    const s = await scene({ maxConcurrentCalls: 1, product: 'calls', maxBidCents: 4000 }, {}, { product: 'calls', costCents: 3000 });
    const m = await v2('/calls/match', { vertical: 'autoins', zipcode: '60601', caller_id: phone() }, s.vendor.auth);
    expect(m.statusCode, m.body).toBe(200);
    const match = m.json();
    expect(match, JSON.stringify(await breakdown(t.db, match.raw.ping_id, { kind: 'all' }))).toMatchObject({ matched: true, raw: { price_cents: 3000 } });
    const second = (await v2('/calls/match', { vertical: 'autoins', zipcode: '60601', caller_id: phone() }, s.vendor.auth)).json();
    expect(second).toMatchObject({ matched: false, call_id: null, raw: { reason: 'concurrency' } });
    const p = await v2(`/calls/post/${match.call_id}`, {}, s.vendor.auth);
    expect(p.statusCode, p.body).toBe(200);
    const posted = p.json();
    expect(posted).toMatchObject({ connected: true, call: { status: 'pending-connection' }, price_cents: 3000 });
    const call = (await t.db.query<{ status: string; order_id: number; sold: boolean }>('SELECT status, order_id, sold FROM calls WHERE id = $1', [posted.call.id])).rows[0];
    expect(call).toEqual({ status: 'pending-connection', order_id: s.orderId, sold: false });
    expect((await v2(`/calls/post/${match.call_id}`, {}, s.vendor.auth)).statusCode).toBe(409);
    // The live call still holds the slot.
    const third = (await v2('/calls/match', { vertical: 'autoins', zipcode: '60601', caller_id: phone() }, s.vendor.auth)).json();
    expect(third.raw.reason).toBe('concurrency');
  });
  test('group_concurrency', async () => {
    const vendor = await addVendor(t.db, t.clock.now());
    const packageId = await addPackage(t.db, { vendorId: vendor.id, product: 'calls', costCents: 3000 });
    const b = await addBuyer(t, { balanceCents: 100_000 });
    const { rows } = await t.db.query<{ id: number }>(`INSERT INTO order_groups (company_id, name, concurrency, created_at) VALUES ($1, 'G', 1, $2) RETURNING id`, [b.companyId, t.clock.now()]);
    const o1 = await addOrder(t, b, { packageId, vendorIds: [vendor.id], product: 'calls', groupId: rows[0].id, maxBidCents: 4000 });
    const o2 = await addOrder(t, b, { packageId, vendorIds: [vendor.id], product: 'calls', groupId: rows[0].id, maxBidCents: 3500 });
    const first = (await v2('/calls/match', { vertical: 'autoins', zipcode: '60601', caller_id: phone() }, vendor.auth)).json();
    expect(await outcomeOf(first.raw.ping_id, o1)).toBe('won');
    const second = (await v2('/calls/match', { vertical: 'autoins', zipcode: '60601', caller_id: phone() }, vendor.auth)).json();
    expect(second.matched).toBe(false);
    expect(await outcomeOf(second.raw.ping_id, o2)).toBe('group_concurrency');
  });
  test('company_concurrency', async () => {
    const s = await scene({ product: 'calls', maxBidCents: 4000 }, { timezone: 'UTC' }, { product: 'calls', costCents: 3000 });
    await t.db.query(`INSERT INTO company_concurrency (company_id, day, slot, max_calls) SELECT $1, d, sl, 1 FROM generate_series(0, 6) d, generate_series(0, 47) sl`, [s.buyer.companyId]);
    expect((await v2('/calls/match', { vertical: 'autoins', zipcode: '60601', caller_id: phone() }, s.vendor.auth)).json().matched).toBe(true);
    const second = (await v2('/calls/match', { vertical: 'autoins', zipcode: '60601', caller_id: phone() }, s.vendor.auth)).json();
    expect(await outcomeOf(second.raw.ping_id, s.orderId)).toBe('company_concurrency');
  });
  test('an expired hold frees the slot and cannot be posted', async () => {
    const s = await scene({ maxConcurrentCalls: 1, product: 'calls', maxBidCents: 4000 }, {}, { product: 'calls', costCents: 3000 });
    const first = (await v2('/calls/match', { vertical: 'autoins', zipcode: '60601', caller_id: phone() }, s.vendor.auth)).json();
    t.clock.advanceSeconds(61);
    expect((await v2(`/calls/post/${first.call_id}`, {}, s.vendor.auth)).json().code).toBe('call_expired');
    expect((await v2('/calls/match', { vertical: 'autoins', zipcode: '60601', caller_id: phone() }, s.vendor.auth)).json().matched).toBe(true);
  });
});

describe('why didn\'t I get this lead?', () => {
  test('an agent sees their own orders\' outcomes, an admin every order\'s, another agent nothing', async () => {
    const s = await scene({ maxBidCents: 1500 });
    const rival = await addBuyer(t, { balanceCents: 10_000 });
    const rivalOrder = await addOrder(t, rival, { packageId: s.packageId, vendorIds: [s.vendor.id], maxBidCents: 3000 });
    const r = (await v2('/post', lead(), s.vendor.auth)).json();
    const agent = await sessionFor(t, s.buyer.email);
    const mine = await agent.GET('/engine/pings/{pingId}/matches', { params: { path: { pingId: r.ping_id } } });
    expect(mine.data?.rows.map((x) => [x.orderId, x.outcome])).toEqual([[s.orderId, 'outbid']]);
    const admin = await sessionFor(t, 'admin@demo.test');
    const all = await admin.GET('/engine/pings/{pingId}/matches', { params: { path: { pingId: r.ping_id } } });
    expect(all.data?.rows[0]).toMatchObject({ orderId: rivalOrder, outcome: 'sold', priceCents: 1501 });
    const stranger = await sessionFor(t, 'agent@demo.test');
    expect((await stranger.GET('/engine/pings/{pingId}/matches', { params: { path: { pingId: r.ping_id } } })).response.status).toBe(404);
  });
});

/** A vendor and its $10 package, and the order options of that package in one ZIP. */
async function marketIn(zip: string): Promise<{ vendor: Vendor; at: { packageId: number; vendorIds: number[]; zips: string[] } }> {
  const vendor = await addVendor(t.db, t.clock.now());
  const packageId = await addPackage(t.db, { vendorId: vendor.id, costCents: 1000 });
  return { vendor, at: { packageId, vendorIds: [vendor.id], zips: [zip] } };
}

describe('why didn\'t I get this lead? for the orders the match never reached', () => {
  test('they are drawn from the area, outbid or same_buyer (no bid), counted as such on the order chart; an order made after the ping is not', async () => {
    const zip = '60602';
    const { vendor, at } = await marketIn(zip);
    // Ten bidders above everyone else: the first shortlist (8) settles the auction.
    const top = await addBuyer(t, { balanceCents: 100_000 });
    const topOrder = await addOrder(t, top, { ...at, maxBidCents: 4000 });
    for (let bid = 3900; bid > 3000; bid -= 100) await addOrder(t, await addBuyer(t, { balanceCents: 100_000 }), { ...at, maxBidCents: bid });
    const topsLow = await addOrder(t, top, { ...at, maxBidCents: 1200 });
    const agent = await addBuyer(t, { balanceCents: 100_000 });
    const low = await addOrder(t, agent, { ...at, maxBidCents: 1500 });
    const paused = await addOrder(t, agent, { ...at, maxBidCents: 1400, status: 'inactive' });
    const r = (await v2('/post', lead({ zipcode: zip }), vendor.auth)).json();
    expect(r).toMatchObject({ sold: true, price_cents: 3901 });
    // The match itself: outcomes for the orders it reached only; the rest is walked when counted.
    const m = await match(t.db, t.ctx.engine, { vendorId: vendor.id, lead: { vertical: 'autoins', zipcode: zip, state: 'IL' }, product: 'leads', now: t.clock.now(), contact: null });
    const bidders = [...m.decision.outcomes].filter(([, o]) => o.outcome === 'won' || o.outcome === 'outbid').map(([id]) => id);
    expect(bidders).toEqual([topOrder, ...Array.from({ length: 7 }, (_, i) => topOrder + 1 + i)]);
    const ours = new Set([topOrder + 8, topOrder + 9, low, paused, topsLow]);
    const unread: number[] = [];
    m.unread.forEachUnread((id) => unread.push(id));
    expect(unread.filter((id) => ours.has(id))).toEqual([topOrder + 8, topOrder + 9, low, paused, topsLow]);
    expect([...ours].some((id) => m.decision.outcomes.has(id))).toBe(false);
    t.clock.advanceSeconds(1);
    const later = await addOrder(t, agent, { ...at, maxBidCents: 1300, createdAt: t.clock.now() });

    const b = (await breakdown(t.db, r.ping_id, { kind: 'all' }))!;
    const row = (id: number) => b.rows.find((x) => x.orderId === id);
    expect(row(topOrder)).toMatchObject({ outcome: 'sold', priceCents: 3901 });
    expect(row(low)).toMatchObject({ outcome: 'outbid', bidCents: null, label: 'Outbid' });
    // Its company bought the lead through another order.
    expect(row(topsLow)).toMatchObject({ outcome: 'same_buyer', bidCents: null });
    // Below the auction's reach, its own settings were never checked: it bid less than every order read.
    expect(row(paused)?.outcome).toBe('outbid');
    expect(row(later)).toBeUndefined();
    // The agent sees exactly their orders of the ping's time.
    const mine = await (await sessionFor(t, agent.email)).GET('/engine/pings/{pingId}/matches', { params: { path: { pingId: r.ping_id } } });
    expect(mine.data?.rows.map((x) => [x.orderId, x.outcome]).sort()).toEqual([[low, 'outbid'], [paused, 'outbid']].sort());

    await t.ctx.engine.counts.flush();
    const counted = (await t.db.query<{ order_id: number; outcome: string; n: number }>(
      'SELECT order_id, outcome, n::int AS n FROM order_match_counts WHERE order_id = ANY($1::int[]) ORDER BY order_id',
      [[topOrder, topsLow, low, paused, later]])).rows;
    expect(counted).toEqual([
      { order_id: topOrder, outcome: 'sold', n: 1 },
      { order_id: topsLow, outcome: 'same_buyer', n: 1 },
      { order_id: low, outcome: 'outbid', n: 1 },
      { order_id: paused, outcome: 'outbid', n: 1 },
    ]);
  });
});

describe('a run of equal bids', () => {
  test('a match reads a shortlist of it, longest-waiting first; an order that sells goes to the end of its run for the next match', async () => {
    const zip = '60603';
    const { vendor, at } = await marketIn(zip);
    // Twelve orders of one bid, of twelve companies, made a second apart: the first made has waited longest.
    const orders: number[] = [];
    for (let i = 0; i < 12; i++) {
      orders.push(await addOrder(t, await addBuyer(t, { balanceCents: 100_000 }), { ...at, maxBidCents: 2000, createdAt: t.clock.now() }));
      t.clock.advanceSeconds(1);
    }
    const ask = { vendorId: vendor.id, lead: { vertical: 'autoins' as const, zipcode: zip, state: 'IL' }, product: 'leads' as const, contact: null };
    const m = await match(t.db, t.ctx.engine, { ...ask, now: t.clock.now() });
    expect(m.decision.winners.map((w) => w.orderId)).toEqual([orders[0]]);
    // One shortlist (8), not the run; the run's other four are unread, below every order read.
    expect(m.rows.map((r) => r.id)).toEqual(orders.slice(0, 8));
    const unread: number[] = [];
    m.unread.forEachUnread((id) => unread.push(id));
    expect(unread.filter((id) => orders.includes(id))).toEqual(orders.slice(8));

    const r = (await v2('/post', lead({ zipcode: zip }), vendor.auth)).json();
    expect(r).toMatchObject({ sold: true, price_cents: 2000 });
    t.clock.advanceSeconds(1);
    // The first order sold: now it has waited least, and the next match reads one shortlist still, without it.
    const next = await match(t.db, t.ctx.engine, { ...ask, now: t.clock.now() });
    expect(next.decision.winners.map((w) => w.orderId)).toEqual([orders[1]]);
    expect(next.rows.map((x) => x.id)).toEqual(orders.slice(1, 9));
  });
});

describe('why didn\'t I get this lead? for managers: the orders of their lead scope', () => {
  const matchesOf = async (email: string, pingId: string) =>
    (await sessionFor(t, email)).GET('/engine/pings/{pingId}/matches', { params: { path: { pingId } } });
  /** A corporate manager of `companyId`. */
  async function corporateOf(companyId: number): Promise<string> {
    const email = `corp-${companyId}-${process.pid}@engine.test`;
    await t.db.query(`INSERT INTO users (email, password_hash, role, status, tos_consent, first_name, last_name, company_id, timezone)
      SELECT $1, password_hash, 'corporate', 'active', true, 'Cora', 'Manager', $2, 'America/Chicago' FROM users WHERE email = 'agent@demo.test'`,
    [email, companyId]);
    return email;
  }

  test('a corporate manager sees the orders of their company\'s agents, not another company\'s; none of theirs is 404', async () => {
    const s = await scene({ maxBidCents: 1500 });
    // A second agent of the same company, and a rival company that outbids both.
    const colleague = (await t.db.query<{ id: number }>(`INSERT INTO users (email, password_hash, role, status, tos_consent, first_name, last_name, company_id, timezone)
      SELECT $1, password_hash, 'user', 'active', true, 'Col', 'League', $2, 'America/Chicago' FROM users WHERE email = 'agent@demo.test' RETURNING id`,
    [`colleague-${s.buyer.companyId}@engine.test`, s.buyer.companyId])).rows[0].id;
    const colleagueOrder = await addOrder(t, { ...s.buyer, userId: colleague }, { packageId: s.packageId, vendorIds: [s.vendor.id], maxBidCents: 1200 });
    const rival = await addBuyer(t, { balanceCents: 10_000 });
    const rivalOrder = await addOrder(t, rival, { packageId: s.packageId, vendorIds: [s.vendor.id], maxBidCents: 3000 });
    const r = (await v2('/post', lead(), s.vendor.auth)).json();

    const mine = await matchesOf(await corporateOf(s.buyer.companyId), r.ping_id);
    expect(mine.response.status).toBe(200);
    // The company's better order was outbid; its other one gave way to it (one lead per company).
    expect(mine.data?.rows.map((x) => [x.orderId, x.outcome])).toEqual([[s.orderId, 'outbid'], [colleagueOrder, 'same_buyer']]);
    const theirs = await matchesOf(await corporateOf(rival.companyId), r.ping_id);
    expect(theirs.data?.rows.map((x) => [x.orderId, x.outcome])).toEqual([[rivalOrder, 'sold']]);
    // A corporate manager of a company none of whose orders was considered.
    const bystander = await addBuyer(t);
    expect((await matchesOf(await corporateOf(bystander.companyId), r.ping_id)).response.status).toBe(404);
  });

  test('a regional manager sees every order considered for a ping in their region\'s states, and nothing of a ping elsewhere', async () => {
    // The demo regional manager's region is Texas (the seed's region 10).
    const vendor = await addVendor(t.db, t.clock.now());
    const packageId = await addPackage(t.db, { vendorId: vendor.id });
    const [a, b] = [await addBuyer(t, { balanceCents: 100_000 }), await addBuyer(t, { balanceCents: 100_000 })];
    const inTexas = [await addOrder(t, a, { packageId, vendorIds: [vendor.id], state: 'TX', maxBidCents: 1500 }),
      await addOrder(t, b, { packageId, vendorIds: [vendor.id], state: 'TX', maxBidCents: 2500 })];
    const inIllinois = await addOrder(t, a, { packageId, vendorIds: [vendor.id], zips: ['60601'] });
    const texas = (await v2('/post', lead({ zipcode: '75201' }), vendor.auth)).json();
    const illinois = (await v2('/post', lead(), vendor.auth)).json();
    expect(texas.sold && illinois.sold).toBe(true);

    const shown = await matchesOf(DEMO.regional, texas.ping_id);
    expect(shown.data?.state).toBe('TX');
    // Every order considered (other tests' Texas orders too), as an admin sees them.
    const all = await matchesOf(DEMO.admin, texas.ping_id);
    expect(shown.data?.rows).toEqual(all.data?.rows);
    expect(shown.data?.rows.filter((x) => inTexas.includes(x.orderId)).map((x) => [x.orderId, x.outcome]))
      .toEqual([[inTexas[1], 'sold'], [inTexas[0], 'outbid']]);
    expect((await matchesOf(DEMO.regional, illinois.ping_id)).response.status).toBe(404);
    // The Illinois ping's order is the agent's own: they see it; the corporate demo manager (Leadline HQ) sees neither ping.
    expect((await matchesOf(a.email, illinois.ping_id)).data?.rows.map((x) => x.orderId)).toEqual([inIllinois]);
    expect((await matchesOf(DEMO.corporate, texas.ping_id)).response.status).toBe(404);
  });
});

describe('delivery', () => {
  test('a sold lead is queued for its order\'s channels in the sale and delivered by the worker; its status shows on the lead', async () => {
    const s = await scene({ channels: [{ type: 'email', emails: ['crm@agency.test'] }] });
    const r = (await v2('/post', lead(), s.vendor.auth)).json();
    const agent = await sessionFor(t, s.buyer.email);
    const before = await agent.GET('/engine/leads/{leadId}', { params: { path: { leadId: r.lead_ids[0] } } });
    expect(before.data).toMatchObject({ deliveryStatus: 'pending', deliveryAttempts: 0 });
    expect(await runDeliveries({ ...deliveryDeps(t.ctx), db: t.db })).toBeGreaterThanOrEqual(1);
    const after = await agent.GET('/engine/leads/{leadId}', { params: { path: { leadId: r.lead_ids[0] } } });
    expect(after.data).toMatchObject({ deliveryStatus: 'delivered', deliveryAttempts: 1 });
    expect((await t.db.query(`SELECT 1 FROM mail_outbox WHERE to_address = 'crm@agency.test'`)).rows.length).toBeGreaterThanOrEqual(1);
  });
});
