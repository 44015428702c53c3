import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESIGNED_MSG, MSG } from '../../src/domain/messages';
import { SWITCH_USER_HEADER } from '../../src/domain/session';
import { DEMO, addUser, sessionFor, userId } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** GET /authentication/user as `actor`, switched into `target`. */
async function switchInto(actor: string, target: string) {
  const client = await sessionFor(t, actor, target);
  return client.GET('/authentication/user');
}

describe('X-Switch-User', () => {
  test('an admin acts as an agent: the agent is the user and the admin the original', async () => {
    const { data, response } = await switchInto(DEMO.admin, DEMO.agent);
    expect(response.status).toBe(200);
    expect(data?.user).toMatchObject({ email: DEMO.agent, role: 'user' });
    expect(data?.original).toMatchObject({ email: DEMO.admin, isAdmin: true });
    const { rows } = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'switch_user' AND user_id = $1 AND original_user_id = $2`,
      [await userId(t, DEMO.agent), await userId(t, DEMO.admin)],
    );
    expect(rows.length).toBeGreaterThan(0);
  });

  test('the email is matched without regard to case, and one’s own email is no switch', async () => {
    expect((await switchInto(DEMO.admin, DEMO.vendor.toUpperCase())).data?.user.email).toBe(DEMO.vendor);
    const self = await switchInto(DEMO.admin, DEMO.admin);
    expect(self.data).toMatchObject({ user: { email: DEMO.admin }, original: null });
  });

  test.each([DEMO.admin, DEMO.superAdmin])('an admin cannot switch into an administrator (%s)', async (target) => {
    for (const actor of [DEMO.admin, DEMO.superAdmin]) {
      if (actor === target) continue;
      const { response, error } = await switchInto(actor, target);
      expect(response.status).toBe(403);
      expect(error).toMatchObject({ error: MSG.switchIntoAdmin, code: 'switch_refused' });
    }
  });

  test('an admin cannot switch into a user who is not active', async () => {
    const targets = [DEMO.cancelled, (await addUser(t, { status: 'inactive' })).email, (await addUser(t, { status: 'archived' })).email];
    for (const target of targets) {
      const { response, error } = await switchInto(DEMO.admin, target);
      expect(response.status, target).toBe(403);
      expect(error).toMatchObject({ error: MSG.switchIntoInactive, code: 'switch_refused' });
    }
  });

  test('an unknown email is refused', async () => {
    const { response, error } = await switchInto(DEMO.admin, 'nobody@demo.test');
    expect(response.status).toBe(403);
    expect(error).toMatchObject({ error: DESIGNED_MSG.switchTargetMissing, code: 'switch_refused' });
  });

  test('a switch email with a NUL is refused like an unknown one, not a 500', async () => {
    // Browsers cannot send it; a raw client can (headers are bytes, outside the contract's validation).
    const admin = await sessionFor(t, DEMO.admin);
    const res = await t.request({
      method: 'GET',
      url: '/rest/authentication/user',
      token: admin.session.token,
      headers: { [SWITCH_USER_HEADER]: 'agent\u0000@demo.test' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: DESIGNED_MSG.switchTargetMissing, code: 'switch_refused' });
  });

  test.each([DEMO.agent, DEMO.regional, DEMO.corporate, DEMO.vendor])('%s may not switch at all', async (actor) => {
    const { response, error } = await switchInto(actor, DEMO.pro);
    expect(response.status).toBe(403);
    expect(error?.code).toBe('switch_refused');
  });

  test('the refusal holds on every operation, not only on who-am-I', async () => {
    const client = await sessionFor(t, DEMO.agent, DEMO.pro);
    const res = await client.POST('/authentication/logout');
    expect(res.response.status).toBe(403);
    // The session was not ended by the refused call.
    client.session.switchUser = null;
    expect((await client.GET('/authentication/user')).response.status).toBe(200);
  });

  test('while switched the admin keeps the admin’s permissions', async () => {
    const client = await sessionFor(t, DEMO.admin, DEMO.agent);
    const mail = await client.GET('/mail/outbox');
    expect(mail.response.status).toBe(200);
  });

  test('an admin switched into a user who has not accepted the terms is not stopped by the gate', async () => {
    const client = await sessionFor(t, DEMO.admin, DEMO.noTerms);
    const id = await userId(t, DEMO.noTerms);
    // An empty body reaches validation (400): the terms gate did not stop the call.
    const res = await t.request({
      method: 'POST',
      url: `/rest/password/update/${id}`,
      token: client.session.token,
      headers: { [SWITCH_USER_HEADER]: DEMO.noTerms },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  test('a switch header on an operation open to guests is ignored', async () => {
    const client = await sessionFor(t, DEMO.agent, DEMO.pro);
    const health = await client.GET('/health');
    expect(health.response.status).toBe(200);
  });
});
