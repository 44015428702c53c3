import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vendorShareOf } from '../../src/domain/engine';
import { PROMO_DESIGNED_MSG, PROMO_MSG } from '../../src/domain/promotions';
import { ledgerSound, verifyLedger } from '../../src/server/services/ledger';
import { approveReturn } from '../../src/server/services/returns';
import { DEMO, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { addBuyer, addOrder, addPackage, addVendor, balanceOf, lead, type Buyer, type Vendor } from '../helpers/engine-market';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Cost-share promotions on a real database: the form's rules with the specification's
 * texts, the cost-share permissions, enrollment, and the subsidy of a sale: the agent pays
 * the price less the subsidy, the promotion's budget (its own ledger account) the rest, the
 * vendor its share as before; a budget is never overspent, even by a burst; an approved
 * return gives each part back once.
 */
let t: TestApp;
let vendor: Vendor;
let packageId: number;
/**
 * A Wednesday afternoon in the United States: a promotion's dates are days of the agent's
 * own zone, so "yesterday" written as a UTC day must be yesterday there too. At the real
 * time of day the run starts (after midnight UTC) it was still today in the agent's zone.
 */
const AT = new Date('2026-06-17T18:00:00Z');
beforeAll(async () => {
  t = await startTestApp({ vendorRequestsPerSecond: 100 });
  t.clock.advance(AT.getTime() - t.clock.now().getTime());
  vendor = await addVendor(t.db, t.clock.now());
  packageId = await addPackage(t.db, { vendorId: vendor.id, costCents: 1000 });
}, 60_000);
afterAll(() => t?.close());
// Each test's buyers are the only ones of the test vendor's leads: earlier tests' orders stop.
beforeEach(async () => {
  await t.db.query(`UPDATE orders SET status = 'inactive' WHERE package_id = $1`, [packageId]);
});

const tokens = new Map<string, string>();
async function call(as: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  if (!tokens.has(as)) tokens.set(as, (await sessionFor(t, as)).session.token!);
  return t.request({ method, url: `/rest${url}`, payload, token: tokens.get(as)! });
}
const json = <T = Record<string, unknown>>(res: { body: string }) => JSON.parse(res.body) as T;
const inDays = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);

type Promotion = { id: number; name: string; budgetUsed: number; isActive: boolean; agentCount: number; balanceUsed: number };
function body(over: Record<string, unknown> = {}) {
  return {
    name: 'Spring cost share', description: 'Half of every lead', responsibleParty: 'marketplace', responsibleRegionId: null, responsibleVendorId: null,
    burnRate: { type: 'percent', value: 0.25 }, budgetCents: 10_000, startDate: null, endDate: inDays(30), enrollmentDeadlineDate: null,
    priority: 10, isActive: true, ...over,
  };
}
async function create(over: Record<string, unknown> = {}): Promise<Promotion> {
  const res = await call(DEMO.admin, 'POST', '/cost-shares', body(over));
  expect(res.statusCode, res.body).toBe(201);
  return json<{ promotion: Promotion }>(res).promotion;
}
async function enroll(promotionId: number, ...agentIds: number[]) {
  const res = await call(DEMO.superAdmin, 'PATCH', `/cost-shares/${promotionId}/agents`, { agentIds });
  expect(res.statusCode, res.body).toBe(200);
}
/** A buyer of the test vendor's leads, with one order bidding the package's 10.00. */
async function buyer(balanceCents = 100_000): Promise<Buyer> {
  const b = await addBuyer(t, { balanceCents });
  await addOrder(t, b, { packageId, vendorIds: [vendor.id] });
  return b;
}
const post = async () => {
  const res = await t.request({ method: 'POST', url: '/rest/v2/post', payload: lead(), headers: { authorization: vendor.auth } });
  return res.json() as { sold: boolean; lead_id?: number };
};
const leadOf = async (b: Buyer) =>
  (await t.db.query<{ id: number; price_cents: number; subsidy_cents: number; promotion_id: number | null }>(
    'SELECT id, price_cents, subsidy_cents, promotion_id FROM leads WHERE company_id = $1 ORDER BY id DESC LIMIT 1', [b.companyId])).rows[0];
const budgetLeft = async (promotionId: number) =>
  (await t.db.query<{ b: number }>(`SELECT b.balance_cents::int AS b FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
     WHERE a.kind = 'promotion_budget' AND a.promotion_id = $1`, [promotionId])).rows[0].b;

describe('the promotion form', () => {
  it('refuses a promotion without its required fields, with the texts of the specification, and writes nothing', async () => {
    await call(DEMO.admin, 'GET', '/cost-shares');
    const before = await snapshot(t.db);
    const res = await call(DEMO.admin, 'POST', '/cost-shares', body({
      name: ' ', description: '', responsibleParty: null, burnRate: { type: 'percent', value: null }, endDate: null }));
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Array<{ field: string; message: string }> }>(res).errors).toEqual(expect.arrayContaining([
      { field: 'name', message: PROMO_MSG.nameRequired },
      { field: 'description', message: PROMO_MSG.descriptionRequired },
      { field: 'responsibleParty', message: PROMO_MSG.partyRequired },
      { field: 'burnRate', message: PROMO_MSG.burnRateRequired },
      { field: 'endDate', message: PROMO_MSG.endDateRequired },
    ]));
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('takes a percent burn rate as a decimal at most 1, and a party that exists', async () => {
    const over = await call(DEMO.admin, 'POST', '/cost-shares', body({ burnRate: { type: 'percent', value: 25 } }));
    expect(json(over).error).toBe(PROMO_MSG.burnRateDecimal);
    const noRegion = await call(DEMO.admin, 'POST', '/cost-shares', body({ responsibleParty: 'regional', responsibleRegionId: 999_999 }));
    expect(noRegion.statusCode).toBe(400);
    expect(json(noRegion).error).toBe('Region invalid');
  });

  it('puts the budget into the promotion\'s own ledger account', async () => {
    const p = await create({ budgetCents: 12_345 });
    expect(await budgetLeft(p.id)).toBe(12_345);
    expect(ledgerSound(await verifyLedger(t.db))).toBe(true);
  });
});

describe('who may do what', () => {
  it('an agent may not create, enable or enroll; an admin may create but not enroll; a super admin enrolls', async () => {
    expect((await call(DEMO.agent, 'POST', '/cost-shares', body())).statusCode).toBe(403);
    const p = await create({ isActive: false });
    expect((await call(DEMO.agent, 'PATCH', `/cost-shares/${p.id}`, { isActive: true })).statusCode).toBe(404);
    const agent = await userId(t, DEMO.agent);
    expect((await call(DEMO.admin, 'PATCH', `/cost-shares/${p.id}/agents`, { agentIds: [agent] })).statusCode).toBe(403);
    const notAgent = await call(DEMO.superAdmin, 'PATCH', `/cost-shares/${p.id}/agents`, { agentIds: [await userId(t, DEMO.regional)] });
    expect(json(notAgent).error).toBe(PROMO_DESIGNED_MSG.notAnAgent);
    await enroll(p.id, agent);
    // Enrolled now: the agent sees it (without cost-share.view, only their own), but still may not turn it on.
    expect((await call(DEMO.agent, 'PATCH', `/cost-shares/${p.id}`, { isActive: true })).statusCode).toBe(403);
    const seen = json<{ results: Promotion[] }>(await call(DEMO.agent, 'GET', '/cost-shares')).results;
    expect(seen.map((x) => x.id)).toContain(p.id);
    expect(seen.every((x) => x.balanceUsed === 0)).toBe(true);
    const other = await create();
    expect((await call(DEMO.agent, 'GET', `/cost-shares/${other.id}`)).statusCode).toBe(404);
    expect(json<{ results: Promotion[] }>(await call(DEMO.agent, 'GET', '/cost-shares')).results.map((x) => x.id)).not.toContain(other.id);
  });

  it('enrollment closes after its deadline, in the agent\'s time zone', async () => {
    const p = await create({ enrollmentDeadlineDate: inDays(-1) });
    const res = await call(DEMO.superAdmin, 'PATCH', `/cost-shares/${p.id}/agents`, { agentIds: [await userId(t, DEMO.agent)] });
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toBe(PROMO_DESIGNED_MSG.enrollmentClosed);
  });
});

describe('the subsidy of a sale', () => {
  it('the agent pays the price less the subsidy, the budget pays the subsidy, the vendor its share of the whole price', async () => {
    const b = await buyer();
    const p = await create({ burnRate: { type: 'percent', value: 0.25 }, budgetCents: 10_000 });
    await enroll(p.id, b.userId);
    const vendorBefore = await vendorPayable();
    expect((await post()).sold).toBe(true);
    const l = await leadOf(b);
    expect(l).toMatchObject({ price_cents: 1000, subsidy_cents: 250, promotion_id: p.id });
    expect(await balanceOf(t.db, b.companyId)).toBe(100_000 - 750);
    expect(await budgetLeft(p.id)).toBe(10_000 - 250);
    expect(await vendorPayable()).toBe(vendorBefore + vendorShareOf(1000));
    const detail = json<Promotion & { usage: { leftCents: number; sales: number; byAgent: Array<{ agentId: number; usedCents: number }> } }>(
      await call(DEMO.admin, 'GET', `/cost-shares/${p.id}`));
    expect(detail).toMatchObject({ budgetUsed: 250, usage: { leftCents: 9750, sales: 1, byAgent: [{ agentId: b.userId, usedCents: 250 }] } });
    expect(ledgerSound(await verifyLedger(t.db))).toBe(true);
  });

  it('pays no more than the budget left, and nothing once it is spent; the lowest priority number pays first', async () => {
    const b = await buyer();
    const second = await create({ burnRate: { type: 'fixed', value: 100 }, budgetCents: 5_000, priority: 20 });
    const first = await create({ burnRate: { type: 'fixed', value: 400 }, budgetCents: 700, priority: 5 });
    await enroll(second.id, b.userId);
    await enroll(first.id, b.userId);
    const subsidies: Array<[number | null, number]> = [];
    for (let i = 0; i < 3; i++) {
      expect((await post()).sold).toBe(true);
      const l = await leadOf(b);
      subsidies.push([l.promotion_id, l.subsidy_cents]);
    }
    expect(subsidies).toEqual([[first.id, 400], [first.id, 300], [second.id, 100]]);
    expect(await budgetLeft(first.id)).toBe(0);
  });

  it('an approved return gives the subsidy back to the budget and the paid price to the agent, once', async () => {
    const b = await buyer();
    const p = await create({ burnRate: { type: 'fixed', value: 300 }, budgetCents: 1_000 });
    await enroll(p.id, b.userId);
    await post();
    const l = await leadOf(b);
    await t.db.query(`UPDATE leads SET return_status = 'return_pending', return_reason = 'Wrong Number', return_requested_at = $2 WHERE id = $1`,
      [l.id, t.clock.now()]);
    const admin = await userId(t, DEMO.superAdmin);
    for (let i = 0; i < 2; i++) await approveReturn(t.db, l.id, { kind: 'all' }, { userId: admin, isSuperAdmin: true }, t.clock.now());
    expect(await balanceOf(t.db, b.companyId)).toBe(100_000);
    expect(await budgetLeft(p.id)).toBe(1_000);
    expect(json<Promotion>(await call(DEMO.admin, 'GET', `/cost-shares/${p.id}`)).budgetUsed).toBe(0);
    expect(ledgerSound(await verifyLedger(t.db))).toBe(true);
  });

  it('a burst of sales against a nearly spent budget spends it to exactly zero', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => buyer()));
    const p = await create({ burnRate: { type: 'fixed', value: 200 }, budgetCents: 900 });
    await enroll(p.id, ...buyers.map((b) => b.userId));
    const sold = await Promise.all(Array.from({ length: 12 }, () => post()));
    expect(sold.filter((s) => s.sold).length).toBeGreaterThanOrEqual(6);
    const { rows: [s] } = await t.db.query<{ total: number }>('SELECT coalesce(sum(subsidy_cents), 0)::int AS total FROM leads WHERE promotion_id = $1', [p.id]);
    expect(s.total).toBe(900);
    expect(await budgetLeft(p.id)).toBe(0);
    expect(ledgerSound(await verifyLedger(t.db))).toBe(true);
  });
});

describe('agents, budgets and archiving', () => {
  it('an agent who used the promotion cannot be removed; one who did not can', async () => {
    const used = await buyer();
    const unused = await buyer();
    const p = await create({ burnRate: { type: 'fixed', value: 100 } });
    await enroll(p.id, used.userId, unused.userId);
    // Only `used` buys the next lead.
    await t.db.query('UPDATE orders SET status = $2 WHERE company_id = $1', [unused.companyId, 'inactive']);
    await post();
    const refused = await call(DEMO.admin, 'DELETE', `/cost-shares/${p.id}/agents/${used.userId}`);
    expect(refused.statusCode).toBe(422);
    expect(json(refused).error).toBe(PROMO_DESIGNED_MSG.balanceUsed);
    expect((await call(DEMO.admin, 'DELETE', `/cost-shares/${p.id}/agents/${unused.userId}`)).statusCode).toBe(200);
    const agents = json<{ results: Array<{ agentId: number; balanceUsed: number }> }>(await call(DEMO.admin, 'GET', `/cost-shares/${p.id}/agents`)).results;
    expect(agents).toEqual([expect.objectContaining({ agentId: used.userId, balanceUsed: 100 })]);
  });

  it('a budget cannot go below what is used; raising it funds the difference', async () => {
    const b = await buyer();
    const p = await create({ burnRate: { type: 'fixed', value: 500 }, budgetCents: 2_000 });
    await enroll(p.id, b.userId);
    await post();
    const low = await call(DEMO.admin, 'PATCH', `/cost-shares/${p.id}`, { budgetCents: 400 });
    expect(low.statusCode).toBe(400);
    expect(json(low).error).toBe(PROMO_DESIGNED_MSG.budgetBelowUsed);
    const up = await call(DEMO.admin, 'PATCH', `/cost-shares/${p.id}`, { budgetCents: 3_000, name: 'Renamed' });
    expect(up.statusCode, up.body).toBe(200);
    expect(json(up).message).toBe(PROMO_DESIGNED_MSG.updated('Renamed'));
    expect(await budgetLeft(p.id)).toBe(2_500);
  });

  it('archiving stops it paying and gives back what is left; archived ones are listed only on request', async () => {
    const b = await buyer();
    const p = await create({ burnRate: { type: 'fixed', value: 100 }, budgetCents: 1_000 });
    await enroll(p.id, b.userId);
    const res = await call(DEMO.admin, 'DELETE', `/cost-shares/${p.id}`);
    expect(json(res).message).toBe(PROMO_DESIGNED_MSG.archivedName(p.name));
    expect(await budgetLeft(p.id)).toBe(0);
    await post();
    expect((await leadOf(b)).subsidy_cents).toBe(0);
    const listed = async (q: string) => json<{ results: Promotion[] }>(await call(DEMO.admin, 'GET', `/cost-shares${q}`)).results.map((x) => x.id);
    expect(await listed('')).not.toContain(p.id);
    expect(await listed('?isArchived=true')).toContain(p.id);
    expect((await call(DEMO.admin, 'PATCH', `/cost-shares/${p.id}`, { name: 'Back' })).statusCode).toBe(422);
  });

  it('a promotion not yet started, or ended, pays nothing', async () => {
    const b = await buyer();
    const later = await create({ burnRate: { type: 'fixed', value: 100 }, startDate: inDays(1), endDate: inDays(10) });
    const ended = await create({ burnRate: { type: 'fixed', value: 100 }, startDate: inDays(-10), endDate: inDays(-1) });
    await enroll(later.id, b.userId);
    await enroll(ended.id, b.userId);
    await post();
    expect((await leadOf(b)).subsidy_cents).toBe(0);
  });
});

async function vendorPayable(): Promise<number> {
  const { rows } = await t.db.query<{ b: number }>(`SELECT coalesce(b.balance_cents, 0)::int AS b FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
     WHERE a.kind = 'vendor_payable' AND a.vendor_id = $1`, [vendor.id]);
  return rows[0]?.b ?? 0;
}

describe('what the agent sees of a subsidised lead', () => {
  it('lead details show the MAX Bid, the Bid Price and the Paid Price; billing shows what the agent paid', async () => {
    const b = await buyer();
    const p = await create({ burnRate: { type: 'fixed', value: 350 } });
    await enroll(p.id, b.userId);
    await post();
    const l = await leadOf(b);
    const admin = await call(DEMO.admin, 'GET', `/leads/${l.id}`);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(json<{ bid: object }>(admin).bid).toEqual({ maxBidCents: 2000, bidPriceCents: 1000, paidPriceCents: 650, subsidyCents: 350 });
    const { rows: [purchase] } = await t.db.query<{ cents: number }>(
      `SELECT e.amount_cents AS cents FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions x ON x.id = e.transaction_id
        WHERE a.kind = 'company_balance' AND a.company_id = $1 AND x.kind = 'lead_purchase'`, [b.companyId]);
    expect(purchase.cents).toBe(-650);
  });
});

describe('the reports', () => {
  it('count a subsidised sale at its paid price, and its approved return likewise', async () => {
    const b = await buyer();
    const p = await create({ burnRate: { type: 'fixed', value: 400 } });
    await enroll(p.id, b.userId);
    await post();
    const l = await leadOf(b);
    const rollup = async () => (await t.db.query<{ spend: number; refund: number }>(
      'SELECT coalesce(sum(spend_cents), 0)::int AS spend, coalesce(sum(refund_cents), 0)::int AS refund FROM lead_rollup_daily WHERE company_id = $1',
      [b.companyId])).rows[0];
    expect(await rollup()).toEqual({ spend: 600, refund: 0 });
    await t.db.query(`UPDATE leads SET return_status = 'return_pending', return_reason = 'Wrong Number', return_requested_at = $2 WHERE id = $1`,
      [l.id, t.clock.now()]);
    await approveReturn(t.db, l.id, { kind: 'all' }, { userId: await userId(t, DEMO.superAdmin), isSuperAdmin: true }, t.clock.now());
    expect(await rollup()).toEqual({ spend: 600, refund: 600 });
  });
});
