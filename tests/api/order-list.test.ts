import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ORDER_LIST_DESIGNED_MSG, ORDER_LIST_MSG } from '../../src/domain/orders/list';
import { ORDER_STATUS_MSG, SUPPORT_PHONE, noLeadsReceived, pauseFailed } from '../../src/domain/orders/status';
import { GROWTH_COMPANY } from '../../src/server/seed/growth';
import { runOrderReactivations } from '../../src/server/services/orders/status';
import { DEMO, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * The order list (issue 8): scope and tabs, pause and activate with every limit and text,
 * the group cascade (atomic), deleting the last order, the timeline, the breakdown, the
 * caps fill, groups, pause-all and the scheduled reactivation.
 */
let t: TestApp;
let agent: TestClient;
let pro: TestClient;
let admin: TestClient;
let adminAsAgent: TestClient;
let superAdmin: TestClient;
let companyId: number;
beforeAll(async () => {
  t = await startTestApp();
  [agent, pro, admin, superAdmin] = await Promise.all([DEMO.agent, DEMO.pro, DEMO.admin, DEMO.superAdmin].map((e) => sessionFor(t, e)));
  adminAsAgent = await sessionFor(t, DEMO.admin, DEMO.agent);
  companyId = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE email = $1', [DEMO.agent])).rows[0].company_id;
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const inDays = (days: number, extraMs = 0) => new Date(t.clock.now().getTime() + days * DAY + extraMs).toISOString();
const orderOf = async (id: number) =>
  (await t.db.query<{ status: string; activate_date: Date | null; pause_reason: string | null; deleted_at: Date | null }>(
    'SELECT status, activate_date, pause_reason, deleted_at FROM orders WHERE id = $1', [id])).rows[0];
const eventsOf = async (id: number) => (await t.db.query<{ kind: string; detail: Record<string, unknown>; user_id: number | null; by_admin: boolean }>(
  'SELECT kind, detail, user_id, by_admin FROM order_events WHERE order_id = $1 ORDER BY id', [id])).rows;

/** A fresh order of the demo company (package by name), active, with a lead today so it may be paused. */
async function newOrder(opts: { pkg?: string; status?: 'active' | 'inactive'; ageDays?: number; lead?: boolean; email?: string } = {}): Promise<number> {
  const now = t.clock.now();
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, max_bid_cents, created_at, modified_at)
     SELECT u.company_id, u.id, p.id, 'Test ' || p.name, p.vertical, p.product, $3, p.max_bid_floor_cents, $4, $4
       FROM users u, packages p WHERE u.email = $1 AND p.name = $2 RETURNING id`,
    [opts.email ?? DEMO.agent, opts.pkg ?? 'Auto Shared Leads', opts.status ?? 'active', new Date(now.getTime() - (opts.ageDays ?? 30) * DAY)],
  );
  const id = rows[0].id;
  if (opts.lead !== false)
    await t.db.query(
      `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, price_cents, inserted_at)
       SELECT o.id, o.company_id, o.user_id, (SELECT min(id) FROM vendors), o.package_id, o.vertical, o.product, 'Lee', 'Lead', 1500, $2
         FROM orders o WHERE o.id = $1`, [id, now]);
  return id;
}

describe('GET /orders/all', () => {
  test('an agent sees the company orders; tabs, search, paging and sort', async () => {
    const all = (await agent.GET('/orders/all', { params: { query: {} } })).data!;
    expect(all.asTable).toBe(false);
    expect(all.companyId).toBe(companyId);
    expect(all.rows.every((r) => r.companyId === companyId && r.kind === 'order')).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(5);
    const auto = (await agent.GET('/orders/all', { params: { query: { tab: 'autoins', pageSize: 100 } } })).data!;
    expect(auto.rows.every((r) => r.vertical === 'autoins')).toBe(true);
    const home = (await agent.GET('/orders/all', { params: { query: { tab: 'homeins', pageSize: 100 } } })).data!;
    expect(auto.total + home.total).toBe(all.total);
    const byName = (await agent.GET('/orders/all', { params: { query: { sort: 'name', dir: 'desc', pageSize: 100 } } })).data!;
    const names = byName.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const found = (await agent.GET('/orders/all', { params: { query: { search: all.rows[0].name.slice(0, 6) } } })).data!;
    expect(found.rows.some((r) => r.id === all.rows[0].id)).toBe(true);
    const none = (await agent.GET('/orders/all', { params: { query: { search: 'no such order %_' } } })).data!;
    expect(none).toMatchObject({ rows: [], total: 0 });
  });

  test('Incomplete lists the drafts the wizard left', async () => {
    const job = (await agent.POST('/jobs', { body: { vertical: 'homeins', product: 'leads' } })).data!;
    const drafts = (await agent.GET('/orders/all', { params: { query: { tab: 'incomplete', pageSize: 100 } } })).data!;
    expect(drafts.rows.find((r) => r.id === job.id)).toMatchObject({ kind: 'draft', status: 'draft', vertical: 'homeins' });
  });

  test('a non-super admin not switched may not view orders; switched, the user\'s; a super admin all as a table', async () => {
    const refused = await admin.GET('/orders/all', { params: { query: {} } });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error).toBe(ORDER_LIST_MSG.noPermission);
    const switched = (await adminAsAgent.GET('/orders/all', { params: { query: {} } })).data!;
    expect(switched.asTable).toBe(true);
    expect(switched.rows.every((r) => r.companyId === companyId)).toBe(true);
    const everything = (await superAdmin.GET('/orders/all', { params: { query: { pageSize: 100 } } })).data!;
    expect(everything.asTable).toBe(true);
    expect(new Set(everything.rows.map((r) => r.companyId)).size).toBeGreaterThan(1);
    // Default sort: company name ascending.
    const companies = everything.rows.map((r) => r.companyName);
    expect(companies).toEqual([...companies].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  test('bad paging is a 400', async () => {
    const res = await agent.GET('/orders/all', { params: { query: { pageSize: 7 as 10 } } });
    expect(res.response.status).toBe(400);
  });
});

describe('pause and activate', () => {
  test('a user pauses 1 to 7 days with a reason; longer, no reason or a past date are refused with their texts', async () => {
    const id = await newOrder();
    const pause = (body: object, c = agent) => c.POST('/orders/{orderId}/pause', { params: { path: { orderId: id } }, body });
    const noReason = await pause({ activationDate: inDays(3) });
    expect(noReason.response.status).toBe(422);
    expect(noReason.error).toMatchObject({ error: ORDER_STATUS_MSG.reasonRequired, code: 'reason_required' });
    const tooLong = await pause({ activationDate: inDays(8), reason: 'hit-caps' });
    expect(tooLong.error).toMatchObject({ error: ORDER_STATUS_MSG.tooLong, code: 'too_long' });
    const past = await pause({ activationDate: inDays(-1), reason: 'hit-caps' });
    expect(past.error).toMatchObject({ error: ORDER_STATUS_MSG.invalidDuration, code: 'invalid_duration' });
    expect((await orderOf(id)).status).toBe('active');
    expect(await eventsOf(id)).toEqual([]);

    const ok = await pause({ activationDate: inDays(7), reason: 'out-of-office' });
    expect(ok.response.status, JSON.stringify(ok.error)).toBe(200);
    expect(ok.data!.orders).toEqual([{ id, status: 'inactive', activateDate: inDays(7) }]);
    expect(await orderOf(id)).toMatchObject({ status: 'inactive', pause_reason: 'out-of-office' });
    const [event] = await eventsOf(id);
    expect(event).toMatchObject({ kind: 'paused', detail: { reason: 'out-of-office', days: 7, activateDate: inDays(7) }, by_admin: false });
  });

  test('the confirmation step pauses without a reason; indefinitely is allowed', async () => {
    const id = await newOrder();
    const res = await agent.POST('/orders/{orderId}/pause', { params: { path: { orderId: id } }, body: { activationDate: null, reason: null, confirmationStep: true } });
    expect(res.data?.orders[0]).toEqual({ id, status: 'inactive', activateDate: null });
  });

  test('limits per role: pro and admin 30 days, super admin 180', async () => {
    const check = async (c: TestClient, ok: number, refused: number) => {
      const a = await newOrder();
      const b = await newOrder();
      const over = await c.POST('/orders/{orderId}/pause', { params: { path: { orderId: a } }, body: { activationDate: inDays(refused), reason: 'short-staffed' } });
      // Not the user's "longer than 7 days" text: the pause-failure text, with the support line.
      expect(over.error).toMatchObject({ error: pauseFailed(), code: 'too_long' });
      expect(over.error?.error).toContain(SUPPORT_PHONE);
      const fine = await c.POST('/orders/{orderId}/pause', { params: { path: { orderId: b } }, body: { activationDate: inDays(ok), reason: 'short-staffed' } });
      expect(fine.response.status, JSON.stringify(fine.error)).toBe(200);
    };
    await check(pro, 30, 31);
    await check(adminAsAgent, 30, 31);
    await check(superAdmin, 180, 181);
  });

  test('reactivation of a paused order: at most 30 days ahead, the date set', async () => {
    const id = await newOrder({ status: 'inactive' });
    const far = await agent.POST('/orders/{orderId}/pause', { params: { path: { orderId: id } }, body: { activationDate: inDays(31) } });
    expect(far.error).toMatchObject({ error: ORDER_STATUS_MSG.invalidDuration, code: 'invalid_duration' });
    const res = await agent.POST('/orders/{orderId}/pause', { params: { path: { orderId: id } }, body: { activationDate: inDays(30) } });
    expect(res.data?.orders[0].activateDate).toBe(inDays(30));
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(['reactivation_scheduled']);
  });

  test('no_leads_received: an order running 14 days without a lead cannot be paused by its user; an admin may', async () => {
    const id = await newOrder({ lead: false, ageDays: 20 });
    const res = await agent.POST('/orders/{orderId}/pause', { params: { path: { orderId: id } }, body: { activationDate: inDays(2), reason: 'hit-caps' } });
    expect(res.error).toMatchObject({ code: 'no_leads_received', error: noLeadsReceived() });
    const young = await newOrder({ lead: false, ageDays: 3 });
    expect((await agent.POST('/orders/{orderId}/pause', { params: { path: { orderId: young } }, body: { activationDate: inDays(2), reason: 'hit-caps' } })).response.status).toBe(200);
    const byAdmin = await adminAsAgent.POST('/orders/{orderId}/pause', { params: { path: { orderId: id } }, body: { activationDate: inDays(2), reason: 'hit-caps' } });
    expect(byAdmin.response.status).toBe(200);
    expect((await eventsOf(id))[0]).toMatchObject({ kind: 'paused', by_admin: true });
  });

  test('activate sets active and clears the activation date', async () => {
    const id = await newOrder();
    await agent.POST('/orders/{orderId}/pause', { params: { path: { orderId: id } }, body: { activationDate: inDays(3), reason: 'hit-caps' } });
    const res = await agent.POST('/orders/{orderId}/activate', { params: { path: { orderId: id } }, body: { status: 'active' } });
    expect(res.data?.orders).toEqual([{ id, status: 'active', activateDate: null }]);
    expect(await orderOf(id)).toMatchObject({ status: 'active', activate_date: null, pause_reason: null });
  });

  test('malformed bodies are 400 and change nothing', async () => {
    const id = await newOrder();
    for (const body of [{ reason: 'bored' }, { activationDate: 'tomorrow', reason: 'hit-caps' }, { days: 3 }]) {
      const res = await agent.POST('/orders/{orderId}/pause', { params: { path: { orderId: id } }, body: body as never });
      expect(res.response.status).toBe(400);
    }
    expect((await orderOf(id)).status).toBe('active');
  });

  test('someone else\'s order is a 404', async () => {
    const other = (await t.db.query<{ id: number }>('SELECT id FROM orders WHERE company_id <> $1 LIMIT 1', [companyId])).rows[0].id;
    const res = await agent.POST('/orders/{orderId}/activate', { params: { path: { orderId: other } }, body: {} });
    expect(res.response.status).toBe(404);
  });
});

describe('growth (promotional) orders', () => {
  test('activation needs a promotional deposit and funds left', async () => {
    const id = await newOrder({ pkg: 'Auto Growth Leads', status: 'inactive' });
    const res = await agent.POST('/orders/{orderId}/activate', { params: { path: { orderId: id } }, body: {} });
    expect(res.response.status).toBe(422);
    expect(res.error?.error).toBe(ORDER_STATUS_MSG.promoDepositRequired);
    expect((await orderOf(id)).status).toBe('inactive');
  });
});

describe('the CLD list (GET /orders/all?cld=true)', () => {
  const list = async (c: TestClient, cld?: boolean) =>
    (await c.GET('/orders/all', { params: { query: { pageSize: 100, sort: 'createdAt', dir: 'desc', ...(cld === undefined ? {} : { cld }) } } })).data!;

  test('keeps only the orders of CLD packages; the order list keeps both', async () => {
    const growth = await newOrder({ pkg: 'Weekend Growth Calls', lead: false });
    const ordinary = await newOrder({ pkg: 'Auto Shared Leads' });
    const cld = await list(agent, true);
    expect(cld.rows.find((r) => r.id === growth)).toMatchObject({ cld: true, growth: true });
    expect(cld.rows.some((r) => r.id === ordinary)).toBe(false);
    expect(cld.rows.every((r) => r.cld)).toBe(true);
    expect(cld.total).toBe(cld.rows.length);
    const all = await list(agent);
    expect(all.rows.find((r) => r.id === ordinary)).toMatchObject({ cld: false });
    expect(all.rows.some((r) => r.id === growth)).toBe(true);
    expect((await list(agent, false)).total).toBe(all.total);
  });

  test('an admin\'s CLD list spans companies, CLD orders only, though a non-super admin may not view the order list', async () => {
    for (const who of [superAdmin, admin]) {
      const cld = await list(who, true);
      expect(cld.rows.length).toBeGreaterThan(0);
      expect(cld.rows.every((r) => r.cld)).toBe(true);
      expect(new Set(cld.rows.map((r) => r.companyId)).size).toBeGreaterThan(1);
    }
    expect((await admin.GET('/orders/all', { params: { query: { cld: false } } })).response.status).toBe(403);
  });

  test('a CLD program user (role cld) has their company\'s CLD orders, and no other order list', async () => {
    const { rows: [lone] } = await t.db.query<{ company_id: number; password_hash: string }>(
      `SELECT u.company_id, u.password_hash FROM users u JOIN companies c ON c.id = u.company_id WHERE c.name = $1 ORDER BY u.id LIMIT 1`, [GROWTH_COMPANY]);
    const email = `cld-${process.pid}@demo.test`;
    await t.db.query(`INSERT INTO users (email, password_hash, role, status, tos_consent, first_name, last_name, company_id)
                      VALUES ($1, $2, 'cld', 'active', true, 'Casey', 'Cld', $3)`, [email, lone.password_hash, lone.company_id]);
    const cldUser = await sessionFor(t, email);
    const cld = await list(cldUser, true);
    expect(cld.rows.length).toBeGreaterThan(0);
    expect(cld.rows.every((r) => r.cld && r.companyId === lone.company_id)).toBe(true);
    expect((await cldUser.GET('/orders/all', { params: { query: {} } })).response.status).toBe(403);
  });

  test('a paused growth order carries the activation refusal; funded or ordinary ones none', async () => {
    const unfunded = await newOrder({ pkg: 'Auto Growth Leads', status: 'inactive' });
    const ordinary = await newOrder({ pkg: 'Auto Shared Leads', status: 'inactive' });
    const rows = (await list(agent)).rows;
    expect(rows.find((r) => r.id === unfunded)?.activationRefusal).toBe(ORDER_STATUS_MSG.promoDepositRequired);
    expect(rows.find((r) => r.id === ordinary)?.activationRefusal).toBeNull();
    const { rows: [lone] } = await t.db.query<{ email: string }>(
      'SELECT u.email FROM users u JOIN companies c ON c.id = u.company_id WHERE c.name = $1 ORDER BY u.id LIMIT 1', [GROWTH_COMPANY]);
    const funded = await newOrder({ pkg: 'Auto Growth Leads', status: 'inactive', email: lone.email });
    const asLone = await sessionFor(t, DEMO.admin, lone.email);
    expect((await list(asLone, true)).rows.find((r) => r.id === funded)).toMatchObject({ cld: true, activationRefusal: null });
  });
});

describe('order groups', () => {
  test('texts of create, update and delete; missing orders or name refused', async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    const noOrders = await adminAsAgent.POST('/order-group', { body: { name: 'Pair', orders: [] } });
    expect(noOrders.error?.error).toBe(ORDER_LIST_MSG.groupMissingOrders);
    const noName = await adminAsAgent.POST('/order-group', { body: { name: '  ', orders: [a] } });
    expect(noName.error?.error).toBe(ORDER_LIST_MSG.groupMissingName);
    const foreign = (await t.db.query<{ id: number }>('SELECT id FROM orders WHERE company_id <> $1 LIMIT 1', [companyId])).rows[0].id;
    expect((await adminAsAgent.POST('/order-group', { body: { name: 'X', orders: [a, foreign] } })).error?.error).toBe(ORDER_LIST_DESIGNED_MSG.groupOrdersForeign);
    const created = await adminAsAgent.POST('/order-group', { body: { name: 'Pair', orders: [a, b], concurrency: 2 } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ message: ORDER_LIST_MSG.groupCreated, group: { name: 'Pair', concurrency: 2, orders: [a, b], companyId } });
    const gid = created.data!.group.id;
    const listed = (await adminAsAgent.GET('/order-group', { params: { query: {} } })).data!;
    expect(listed.groups.map((g) => g.id)).toContain(gid);
    const updated = await adminAsAgent.PATCH('/order-group/{groupId}', { params: { path: { groupId: gid } }, body: { name: 'Pair 2', orders: [a] } });
    expect(updated.data).toMatchObject({ message: ORDER_LIST_MSG.groupUpdated, group: { name: 'Pair 2', orders: [a] } });
    const removed = await adminAsAgent.DELETE('/order-group/{groupId}', { params: { path: { groupId: gid } } });
    expect(removed.data?.message).toBe(ORDER_LIST_MSG.groupRemoved);
    expect((await agent.GET('/order-group', { params: { query: {} } })).response.status).toBe(403);
    expect((await admin.GET('/order-group', { params: { query: {} } })).response.status).toBe(400);
    expect((await eventsOf(b)).map((e) => e.kind)).toEqual(['grouped', 'grouped']);
  });

  test('pausing one order pauses its group, activating one activates it, in one transaction', async () => {
    const [a, b, c] = [await newOrder(), await newOrder(), await newOrder()];
    const gid = (await adminAsAgent.POST('/order-group', { body: { name: 'Trio', orders: [a, b, c] } })).data!.group.id;
    const paused = await agent.POST('/orders/{orderId}/pause', { params: { path: { orderId: b } }, body: { activationDate: inDays(2), reason: 'short-staffed' } });
    expect(paused.data?.orders.map((o) => [o.id, o.status])).toEqual([[a, 'inactive'], [b, 'inactive'], [c, 'inactive']]);
    expect((await eventsOf(c)).at(-1)).toMatchObject({ kind: 'paused', detail: { groupId: gid, via: b } });
    const active = await agent.POST('/orders/{orderId}/activate', { params: { path: { orderId: c } }, body: {} });
    expect(active.data?.orders.every((o) => o.status === 'active' && o.activateDate === null)).toBe(true);
  });

  test('atomic: when one order of the group fails, every order stays as it was', async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    await adminAsAgent.POST('/order-group', { body: { name: 'Fragile', orders: [a, b] } });
    await t.db.query(`CREATE FUNCTION refuse_order_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = ${b} AND NEW.status = 'inactive' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`);
    await t.db.query('CREATE TRIGGER refuse_order_update BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION refuse_order_update()');
    try {
      // Straight to the app: a failing database is a 500, which the contract rightly does not promise.
      const res = await t.app.inject({ method: 'POST', url: `/rest/orders/${a}/pause`, headers: { authorization: `Bearer ${agent.session.token}` },
        payload: { activationDate: inDays(2), reason: 'hit-caps' } });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.query('DROP TRIGGER refuse_order_update ON orders');
      await t.db.query('DROP FUNCTION refuse_order_update()');
    }
    expect((await orderOf(a)).status).toBe('active');
    expect((await orderOf(b)).status).toBe('active');
    expect((await eventsOf(a)).filter((e) => e.kind === 'paused')).toEqual([]);
  });
});

describe('delete, rename, clone, summary', () => {
  test('the last order of a company cannot be deleted by its user; an admin may', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO companies (name, created_at) VALUES ('Solo Agency', now()) RETURNING id`);
    const solo = rows[0].id;
    const { rows: u } = await t.db.query<{ id: number; email: string }>(
      `INSERT INTO users (email, password_hash, role, status, tos_consent, first_name, last_name, company_id, created_at, updated_at)
       SELECT 'solo@test.test', password_hash, 'user', 'active', true, 'Sol', 'O', $1, now(), now() FROM users WHERE email = $2 RETURNING id, email`, [solo, DEMO.agent]);
    const soloClient = await sessionFor(t, u[0].email);
    const [first, second] = [await newOrder({ email: 'solo@test.test' }), await newOrder({ email: 'solo@test.test' })];
    const ok = await soloClient.DELETE('/orders/{orderId}', { params: { path: { orderId: first } } });
    expect(ok.data?.message).toBe(ORDER_LIST_DESIGNED_MSG.deleted);
    expect((await orderOf(first)).deleted_at).not.toBeNull();
    expect((await eventsOf(first)).map((e) => e.kind)).toEqual(['deleted']);
    const last = await soloClient.DELETE('/orders/{orderId}', { params: { path: { orderId: second } } });
    expect(last.response.status).toBe(422);
    expect(last.error).toMatchObject({ code: 'last_order', error: ORDER_LIST_DESIGNED_MSG.lastOrder });
    expect((await orderOf(second)).deleted_at).toBeNull();
    // A growth order lifts the block.
    await newOrder({ email: 'solo@test.test', pkg: 'Auto Growth Leads', status: 'inactive' });
    expect((await soloClient.DELETE('/orders/{orderId}', { params: { path: { orderId: second } } })).response.status).toBe(200);
  });

  test('rename through PATCH /orders/{id} is on the timeline; caps and edits too; clone and create as well', async () => {
    const listed = (await agent.GET('/orders/all', { params: { query: { pageSize: 100 } } })).data!.rows;
    const target = listed.find((r) => r.packageName === 'Auto Exclusive Leads')!;
    const renamed = await agent.PATCH('/orders/{orderId}', { params: { path: { orderId: target.id } }, body: { name: 'Renamed order' } });
    expect(renamed.response.status, JSON.stringify(renamed.error)).toBe(200);
    expect((await eventsOf(target.id)).at(-1)).toMatchObject({ kind: 'renamed', detail: { from: target.name, to: 'Renamed order' } });
    await adminAsAgent.PATCH('/orders/{orderId}/caps', { params: { path: { orderId: target.id } }, body: { daily: 12 } });
    expect((await eventsOf(target.id)).at(-1)).toMatchObject({ kind: 'caps_changed', by_admin: true, detail: { to: { daily: 12 } } });
    const clone = await agent.POST('/jobs', { body: { vertical: 'autoins', product: 'leads', source: 'clone', orderId: target.id } });
    expect(clone.response.status).toBe(201);
    expect((await eventsOf(target.id)).at(-1)).toMatchObject({ kind: 'cloned', detail: { jobId: clone.data!.id } });
    const confirmed = await agent.POST('/orders', { body: { jobId: clone.data!.id, status: 'inactive' } });
    expect(confirmed.response.status, JSON.stringify(confirmed.error)).toBe(201);
    expect(await eventsOf(confirmed.data!.order.id)).toMatchObject([{ kind: 'created', detail: { status: 'inactive', clonedFrom: target.id } }]);
  });

  test('the summary email goes to the outbox', async () => {
    const id = await newOrder();
    const res = await agent.POST('/orders/{orderId}/summary', { params: { path: { orderId: id } } });
    expect(res.data?.message).toBe(ORDER_LIST_MSG.summarySent);
    const mail = (await t.db.query<{ to_address: string; text_body: string }>('SELECT to_address, text_body FROM mail_outbox ORDER BY id DESC LIMIT 1')).rows[0];
    expect(mail.to_address).toBe(DEMO.agent);
    expect(mail.text_body).toContain(`Order #${id}`);
  });
});

describe('pause-all and activate-all', () => {
  test('a pro user pauses and activates every order of the company; an agent may not', async () => {
    expect((await agent.POST('/orders/company/{companyId}/pause', { params: { path: { companyId } } })).response.status).toBe(403);
    const paused = await pro.POST('/orders/company/{companyId}/pause', { params: { path: { companyId } } });
    expect(paused.response.status).toBe(200);
    const { rows } = await t.db.query<{ n: string }>("SELECT count(*) AS n FROM orders WHERE company_id = $1 AND status = 'active' AND deleted_at IS NULL", [companyId]);
    expect(Number(rows[0].n)).toBe(0);
    const activated = await pro.POST('/orders/company/{companyId}/activate', { params: { path: { companyId } } });
    expect(activated.data?.orders.every((o) => o.status === 'active')).toBe(true);
    // Growth orders without promotional funds stay paused and are named.
    expect(activated.data?.skipped?.every((s) => s.message === ORDER_STATUS_MSG.promoDepositRequired)).toBe(true);
  });
});

describe('timeline, breakdown, caps fill', () => {
  test('the timeline pages 10, then 9 more, newest first, with names and the admin flag', async () => {
    const id = await newOrder();
    for (let i = 0; i < 12; i++) {
      await agent.POST('/orders/{orderId}/pause', { params: { path: { orderId: id } }, body: { activationDate: inDays(1), reason: 'hit-caps' } });
      await (i % 2 ? adminAsAgent : agent).POST('/orders/{orderId}/activate', { params: { path: { orderId: id } }, body: {} });
    }
    const first = (await agent.GET('/order-events', { params: { query: { orderId: id } } })).data!;
    expect(first.total).toBe(24);
    expect(first.events).toHaveLength(10);
    const ids = first.events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.events[0]).toMatchObject({ event: 'activated', admin: true, userName: 'Alex Admin' });
    expect(first.events[1]).toMatchObject({ event: 'paused', admin: false, userName: 'Avery Agent' });
    const more = (await agent.GET('/order-events', { params: { query: { orderId: id, top: 9, skip: 10 } } })).data!;
    expect(more.events).toHaveLength(9);
    expect(more.events[0].id).toBeLessThan(ids[9]);
  });

  test('the breakdown says nothing until the engine decided about the order, then counts its outcomes (pending counts included)', async () => {
    const id = await newOrder();
    expect((await agent.GET('/order-events/aggregate/{orderId}', { params: { path: { orderId: id } } })).data).toEqual({ orderId: id, total: 0, stats: [] });
    await t.db.query(`INSERT INTO order_match_counts (order_id, outcome, n) VALUES ($1, 'outbid', 4), ($1, 'sold', 3)`, [id]);
    t.ctx.engine.counts.add([{ orderId: id, outcome: 'outbid', bidCents: 100 }, { orderId: id, outcome: 'outbid', bidCents: 100 }], { at: t.clock.now(), state: 'IL' });
    expect((await agent.GET('/order-events/aggregate/{orderId}', { params: { path: { orderId: id } } })).data).toEqual({
      orderId: id, total: 9, stats: [{ outcome: 'outbid', count: 6 }, { outcome: 'sold', count: 3 }],
    });
  });

  test('caps fill counts today\'s, the week\'s and the month\'s sales, of a paused order too', async () => {
    const id = await newOrder();
    const res = (await agent.GET('/orders/caps', { params: { query: { orderIds: [id] } } })).data!;
    expect(res.orders).toEqual([{ orderId: id, caps: { daily: 10, weekly: 50, monthly: 200 }, sold: { today: 1, week: 1, month: 1 } }]);
    const paused = await newOrder({ status: 'inactive' });
    expect((await agent.GET('/orders/caps', { params: { query: { orderIds: [paused] } } })).data!.orders[0].sold).toEqual({ today: 1, week: 1, month: 1 });
    const all = (await agent.GET('/orders/caps', { params: { query: {} } })).data!;
    expect(all.orders.length).toBeGreaterThan(3);
  });
});

describe('scheduled reactivation', () => {
  test('comes back at its date, once, with a timeline event by nobody', async () => {
    const id = await newOrder();
    await agent.POST('/orders/{orderId}/pause', { params: { path: { orderId: id } }, body: { activationDate: inDays(3), reason: 'out-of-office' } });
    expect(await runOrderReactivations(t.db, t.clock.now())).not.toContain(id);
    const later = new Date(t.clock.now().getTime() + 3 * DAY + 1000);
    expect(await runOrderReactivations(t.db, later)).toContain(id);
    expect(await runOrderReactivations(t.db, later)).not.toContain(id);
    expect((await orderOf(id)).status).toBe('active');
    expect((await eventsOf(id)).at(-1)).toMatchObject({ kind: 'reactivated', user_id: null, by_admin: false });
  });
});
