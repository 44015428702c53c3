import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, addUser, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionFor(t, DEMO.admin);
});
afterAll(() => t?.close());

describe('GET /mail/outbox', () => {
  test('lists mail newest first, by recipient, a page at a time', async () => {
    const u = await addUser(t);
    for (let i = 0; i < 3; i++) {
      t.clock.advanceSeconds(1);
      await admin.POST('/password/admin/reset', { body: { email: u.email } });
    }
    const { data } = await admin.GET('/mail/outbox', { params: { query: { to: u.email.toUpperCase() } } });
    expect(data?.meta.count).toBe(3);
    expect(data?.results.map((m) => m.to)).toEqual([u.email, u.email, u.email]);
    const created = data!.results.map((m) => m.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(data?.results[0]).toMatchObject({ subject: 'Reset your Leadline password', status: 'kept', sentAt: null });

    const page = await admin.GET('/mail/outbox', { params: { query: { to: u.email, limit: 1, skip: 1 } } });
    expect(page.data?.meta.count).toBe(3);
    expect(page.data?.results.map((m) => m.id)).toEqual([data!.results[1].id]);
  });

  test('without a filter it counts every mail', async () => {
    const all = await admin.GET('/mail/outbox');
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
    expect(all.data?.meta.count).toBe(rows[0].n);
    expect(all.data?.results.length).toBe(Math.min(25, rows[0].n));
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['skip=-1', 'skip'],
    ['unknown=1', 'unknown'],
  ])('a bad query (%s) is 400 naming the parameter', async (query, field) => {
    const res = await t.request({ method: 'GET', url: `/rest/mail/outbox?${query}`, token: admin.session.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  test('is for admins only', async () => {
    for (const email of [DEMO.agent, DEMO.vendor, DEMO.regional, DEMO.corporate]) {
      const res = await (await sessionFor(t, email)).GET('/mail/outbox');
      expect(res.response.status, email).toBe(403);
    }
    expect((await (await sessionFor(t, DEMO.superAdmin)).GET('/mail/outbox')).response.status).toBe(200);
    expect((await t.client().GET('/mail/outbox')).response.status).toBe(401);
  });

  test("an admin does not see mail to another admin's account; a super admin does", async () => {
    await t.client().POST('/password/reset', { body: { email: DEMO.superAdmin } });
    const query = { params: { query: { to: DEMO.superAdmin } } };
    expect((await admin.GET('/mail/outbox', query)).data?.meta.count).toBe(0);
    const superAdmin = await sessionFor(t, DEMO.superAdmin);
    expect((await superAdmin.GET('/mail/outbox', query)).data?.meta.count).toBe(1);
  });

  test('only a super admin may send another administrator a reset link', async () => {
    const refused = await admin.POST('/password/admin/reset', { body: { email: DEMO.superAdmin } });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error).toBe("Nice try! An administrator can't login as another administrator.");
    const superAdmin = await sessionFor(t, DEMO.superAdmin);
    expect((await superAdmin.POST('/password/admin/reset', { body: { email: DEMO.admin } })).response.status).toBe(200);
  });
});
