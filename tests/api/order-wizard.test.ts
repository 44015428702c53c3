import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ORDER_DESIGNED_MSG, ORDER_MSG } from '../../src/domain/orders/messages';
import { DEMO, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

let t: TestApp;
let agent: TestClient;
let admin: TestClient;
let superAdmin: TestClient;
let regional: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  [agent, admin, superAdmin, regional] = await Promise.all([DEMO.agent, DEMO.admin, DEMO.superAdmin, DEMO.regional].map((e) => sessionFor(t, e)));
});
afterAll(() => t?.close());

const packageId = async (name: string) => (await t.db.query<{ id: number }>('SELECT id FROM packages WHERE name = $1', [name])).rows[0].id;
const weekdays = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const SCHEDULE = { mon: weekdays(8, 17), tue: weekdays(8, 17), wed: weekdays(8, 17), thu: weekdays(8, 17), fri: weekdays(8, 17), sat: [], sun: [] };
const TERRITORY = { geoType: 'zip' as const, state: null, counties: [], zips: [{ id: '78701', enabled: true }, { id: '78702', enabled: true }], regionalZip: '78701', regionalRadius: 90, enableCounties: false, zipListLength: 2, manualZipsAdded: false };


describe('GET /packages', () => {
  test('shows each caller the packages section 6 allows', async () => {
    const names = async (c: TestClient, q: Record<string, string> = {}) =>
      (await c.GET('/packages', { params: { query: q } })).data!.packages.map((p) => p.name);
    const forAgent = await names(agent);
    expect(forAgent).toContain('Auto Exclusive Leads');
    expect(forAgent).toContain('Auto Promotion Leads'); // the demo agency's promotion
    for (const hidden of ['Custom Priced Auto Leads', 'Short Form Auto Calls', 'Homegrown Auto Leads', 'Premium Auto Calls', 'Premium Qualified Auto Leads', 'Original Auto Leads', 'Internal Test Leads', 'Auto Growth Leads'])
      expect(forAgent).not.toContain(hidden);
    const forSuper = await names(superAdmin);
    for (const shown of ['Custom Priced Auto Leads', 'Short Form Auto Calls', 'Homegrown Auto Leads', 'Premium Auto Calls', 'Premium Qualified Auto Leads'])
      expect(forSuper).toContain(shown);
    expect(forSuper).not.toContain('Internal Test Leads');
    expect(await names(admin)).toContain('Premium Qualified Auto Leads');
    expect(await names(await sessionFor(t, DEMO.pro))).toContain('Original Auto Leads');
    expect(await names(agent, { vertical: 'homeins', product: 'leads' })).toEqual(['Home Exclusive Leads', 'Home Shared Leads']);
  });

  test('a diy group auto-selects package 2 (auto) or 11 (home)', async () => {
    const auto = await agent.GET('/packages', { params: { query: { vertical: 'autoins', product: 'leads', group: 'diy' } } });
    expect(auto.data?.autoSelected).toBe(2);
    const home = await agent.GET('/packages', { params: { query: { vertical: 'homeins', product: 'leads', group: 'diy' } } });
    expect(home.data?.autoSelected).toBe(11);
  });

  test('"Do it yourself" for live calls finds the call package "Pick a package" offers', async () => {
    for (const [vertical, name] of [['autoins', 'Auto Live Transfers'], ['homeins', 'Home Live Transfers']] as const) {
      const picked = await agent.GET('/packages', { params: { query: { vertical, product: 'calls' } } });
      const diy = await agent.GET('/packages', { params: { query: { vertical, product: 'calls', group: 'diy' } } });
      expect(picked.data!.packages.map((p) => p.name)).toContain(name);
      expect(diy.data!.packages.map((p) => p.name)).toContain(name);
      expect(diy.data!.autoSelected).toBe(await packageId(name));
      // The draft "Do it yourself" starts holds that package.
      const job = await agent.POST('/jobs', { body: { vertical, product: 'calls', packageGroup: 'diy' } });
      expect(job.response.status, JSON.stringify(job.error)).toBe(201);
      expect(job.data!.package?.name).toBe(name);
    }
  });
});

describe('a lead order from draft to confirmation', () => {
  test('POST /jobs, PATCH step by step, POST /orders', async () => {
    const created = await agent.POST('/jobs', { body: { vertical: 'autoins', product: 'leads' } });
    expect(created.response.status).toBe(201);
    const job = created.data!;
    expect(job.startStep).toBe('package');
    expect(job.settings.caps).toEqual({ daily: 10, weekly: 50, monthly: 200 });
    const id = job.id;
    const pkg = await packageId('Auto Exclusive Leads');
    const chose = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: id } }, body: { packageId: pkg } });
    expect(chose.data?.package?.id).toBe(pkg);
    expect(chose.data?.settings.vendorIds.length).toBe(4);

    // Too few hours: refused with the specification's text, nothing written.
    const before = (await agent.GET('/jobs/{jobId}', { params: { path: { jobId: id } } })).data!;
    const thin = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: id } }, body: { schedule: { ...SCHEDULE, mon: [], tue: [], wed: [] } } });
    expect(thin.response.status).toBe(422);
    expect(thin.error?.error).toBe('Must have at least 40 hours selected.');
    expect((await agent.GET('/jobs/{jobId}', { params: { path: { jobId: id } } })).data!.modifiedAt).toBe(before.modifiedAt);

    for (const body of [{ schedule: SCHEDULE }, { territory: TERRITORY }, { vendorIds: chose.data!.settings.vendorIds.slice(0, 2) }, { channels: [{ type: 'email' as const, emails: [DEMO.agent] }] }, { name: 'Austin auto leads' }]) {
      const res = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: id } }, body });
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    }
    const none = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: id } }, body: { vendorIds: [] } });
    expect(none.error?.error).toBe(ORDER_MSG.noVendor);

    const confirmed = await agent.POST('/orders', { body: { jobId: id, status: 'active' } });
    expect(confirmed.response.status, JSON.stringify(confirmed.error)).toBe(201);
    expect(confirmed.data?.message).toBe('New Order: Austin auto leads Created.');
    const order = confirmed.data!.order;
    expect(order.status).toBe('active');
    expect(order.settings.vendorIds.length).toBe(2);
    const again = await agent.POST('/orders', { body: { jobId: id, status: 'active' } });
    expect(again.response.status).toBe(409);
  });
});

describe('confirming is one call', () => {
  test('POST /orders takes the name typed on the confirmation step; a blank one is refused and nothing is written', async () => {
    const id = (await agent.POST('/jobs', { body: { vertical: 'autoins', product: 'leads' } })).data!.id;
    const pkg = await packageId('Auto Exclusive Leads');
    for (const body of [{ packageId: pkg }, { schedule: SCHEDULE }, { territory: TERRITORY }, { channels: [{ type: 'email' as const, emails: [DEMO.agent] }] }]) {
      const res = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: id } }, body });
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    }
    const blank = await agent.POST('/orders', { body: { jobId: id, status: 'inactive', name: '  ' } });
    expect(blank.response.status).toBe(422);
    expect(blank.error?.errors).toEqual([{ field: 'name', message: ORDER_DESIGNED_MSG.nameRequired }]);
    const named = await agent.POST('/orders', { body: { jobId: id, status: 'inactive', name: 'Named when confirmed' } });
    expect(named.response.status, JSON.stringify(named.error)).toBe(201);
    expect(named.data?.message).toBe('New Order: Named when confirmed Created.');
    expect(named.data?.order.name).toBe('Named when confirmed');
    expect(named.data?.order.status).toBe('inactive');
  });
});

describe('caps, bids and permissions', () => {
  let orderId: number;
  beforeAll(async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id JOIN packages p ON p.id = o.package_id
        WHERE u.email = $1 AND p.name = 'Auto Exclusive Leads' ORDER BY o.id LIMIT 1`, [DEMO.agent]);
    orderId = rows[0].id;
  });

  test('an agent may not change caps; an admin may, by weekly entry converted back by 7', async () => {
    const refused = await agent.PATCH('/orders/{orderId}/caps', { params: { path: { orderId } }, body: { daily: 12 } });
    expect(refused.response.status).toBe(403);
    const ok = await admin.PATCH('/orders/{orderId}/caps', { params: { path: { orderId } }, body: { weekly: 84 } });
    expect(ok.data).toEqual({ daily: 12, weekly: 84, monthly: 336 });
    const low = await admin.PATCH('/orders/{orderId}/caps', { params: { path: { orderId } }, body: { daily: 2 } });
    expect(low.response.status).toBe(422);
  });

  test('the package of an order cannot change', async () => {
    const res = await agent.PATCH('/orders/{orderId}', { params: { path: { orderId } }, body: { packageId: 2 } });
    expect(res.response.status).toBe(422);
    expect(res.error?.error).toBe(ORDER_MSG.packageLocked);
  });

  test('a bid above 50 dollars on a lead order is refused; a regional manager cannot save', async () => {
    const res = await agent.PATCH('/orders/{orderId}', { params: { path: { orderId } }, body: { maxBidCents: 5001 } });
    expect(res.response.status).toBe(422);
    expect(res.error?.errors?.[0].field).toBe('maxBidCents');
    const ok = await agent.PATCH('/orders/{orderId}', { params: { path: { orderId } }, body: { maxBidCents: 3000 } });
    expect(ok.response.status).toBe(200);
    const r = await regional.GET('/orders/{orderId}', { params: { path: { orderId } } });
    expect(r.data?.canSave).toBe(false);
    const save = await regional.PATCH('/orders/{orderId}', { params: { path: { orderId } }, body: { maxBidCents: 3100 } });
    expect(save.response.status).toBe(403);
    expect(save.error?.error).toBe(ORDER_DESIGNED_MSG.regionalCannotSave);
  });
});

describe('bad input and the test lead', () => {
  const jobsCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs')).rows[0].n;

  test.each([
    [{ vertical: 'lifeins', product: 'leads' }, 'vertical'],
    [{ vertical: 'autoins', product: 'leads', extra: 1 }, 'extra'],
    [{ vertical: 'autoins' }, 'product'],
  ])('POST /jobs refuses %j with a field error, writing nothing', async (body, field) => {
    const before = await jobsCount();
    const res = await t.request({ method: 'POST', url: '/rest/jobs', token: agent.session.token, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).join(' ')).toContain(field);
    expect(await jobsCount()).toBe(before);
  });

  test('a territory with unknown ZIP codes or a radius out of range is refused', async () => {
    const job = (await agent.POST('/jobs', { body: { vertical: 'autoins', product: 'leads' } })).data!;
    const unknown = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: job.id } }, body: { territory: { ...TERRITORY, zips: [{ id: '00000', enabled: true }] } } });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error?.error).toBe('Could not return Zip codes with 00000');
    const far = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: job.id } }, body: { territory: { ...TERRITORY, regionalRadius: 301 } } });
    expect(far.response.status).toBe(422);
    const none = await agent.PATCH('/jobs/{jobId}', { params: { path: { jobId: job.id } }, body: { territory: { ...TERRITORY, zips: [] } } });
    expect(none.error?.error).toBe('Must have at least one Zip Code selected');
  });

  test('another company cannot see a draft; a super admin sees it', async () => {
    const job = (await agent.POST('/jobs', { body: { vertical: 'autoins', product: 'leads' } })).data!;
    const { rows } = await t.db.query<{ email: string }>(`SELECT email FROM users WHERE company_id <> (SELECT company_id FROM users WHERE email = $1) AND role = 'user' LIMIT 1`, [DEMO.agent]);
    const other = await sessionFor(t, rows[0].email);
    expect((await other.GET('/jobs/{jobId}', { params: { path: { jobId: job.id } } })).response.status).toBe(404);
    expect((await other.DELETE('/jobs/{jobId}', { params: { path: { jobId: job.id } } })).response.status).toBe(404);
    expect((await superAdmin.GET('/jobs/{jobId}', { params: { path: { jobId: job.id } } })).response.status).toBe(200);
    expect((await agent.DELETE('/jobs/{jobId}', { params: { path: { jobId: job.id } } })).response.status).toBe(204);
  });

  test('POST /orders/{id}/test-distribution sends a test lead by email through the outbox', async () => {
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n;
    const res = await agent.POST('/orders/{orderId}/test-distribution', { params: { path: { orderId: 1 } }, body: { distribution: { type: 'email', emails: ['inbox@agency.test'] } } });
    expect(res.data?.message).toBe('test lead sent');
    const after = (await t.db.query<{ n: number; to: string }>('SELECT count(*)::int AS n, max(to_address) AS to FROM mail_outbox WHERE id > 0')).rows[0];
    expect(after.n).toBe(before + 1);
    const bad = await agent.POST('/orders/{orderId}/test-distribution', { params: { path: { orderId: 1 } }, body: { distribution: { type: 'email', emails: [] } } });
    expect(bad.response.status).toBe(400);
  });
});
