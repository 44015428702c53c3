import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCESS_KEY_VALID_MINUTES } from '../../src/domain/login-policy';
import { DESIGNED_MSG, MSG } from '../../src/domain/messages';
import { TOKEN_HEADER } from '../../src/domain/session';
import { DEMO, addUser, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

// A fresh admin session each time: some tests move the clock past a session's life.
const admin = () => sessionFor(t, DEMO.admin);

async function issue(email: string, purpose: 'sso' | 'tos') {
  const res = await (await admin()).POST('/authentication/keys', { body: { email, purpose } });
  expect(res.response.status).toBe(201);
  return res.data!;
}
const exchange = (key: string) => t.client().POST('/authentication/sso', { body: { key } });
const acceptByKey = (key: string, initials: string[]) =>
  t.client().POST('/authentication/tos/{key}', { params: { path: { key } }, body: { tos: true, initials } });

describe('POST /authentication/keys', () => {
  test('an admin issues a key with its link and expiry', async () => {
    const issued = await issue(DEMO.agent, 'sso');
    expect(issued.url).toBe(`http://leadline.test/sso/${issued.key}`);
    expect(new Date(issued.expiresAt).getTime()).toBe(t.clock.now().getTime() + ACCESS_KEY_VALID_MINUTES * 60_000);
  });

  test('an unknown email is 404; a non-admin 403; no session 401', async () => {
    expect((await (await admin()).POST('/authentication/keys', { body: { email: 'nobody@demo.test', purpose: 'sso' } })).response.status).toBe(404);
    const agent = await sessionFor(t, DEMO.agent);
    expect((await agent.POST('/authentication/keys', { body: { email: DEMO.pro, purpose: 'sso' } })).response.status).toBe(403);
    expect((await t.client().POST('/authentication/keys', { body: { email: DEMO.pro, purpose: 'sso' } })).response.status).toBe(401);
  });
});

describe('sign-in keys follow the switching rules', () => {
  test('an admin cannot mint a sign-in key for an administrator', async () => {
    for (const [actor, target] of [[DEMO.admin, DEMO.superAdmin], [DEMO.superAdmin, DEMO.admin], [DEMO.admin, DEMO.admin]]) {
      const client = await sessionFor(t, actor);
      const res = await client.POST('/authentication/keys', { body: { email: target, purpose: 'sso' } });
      expect(res.response.status, `${actor} -> ${target}`).toBe(403);
      expect(res.error?.error).toBe(MSG.switchIntoAdmin);
    }
    const { rows } = await t.db.query(`SELECT 1 FROM access_keys k JOIN users u ON u.id = k.user_id WHERE u.role = 'admin' AND k.purpose = 'sso'`);
    expect(rows).toHaveLength(0);
  });

  test('nor for a user who is not active', async () => {
    const res = await (await admin()).POST('/authentication/keys', { body: { email: DEMO.cancelled, purpose: 'sso' } });
    expect(res.response.status).toBe(403);
    expect(res.error?.error).toBe(MSG.switchIntoInactive);
  });

  // Designed in issue 5: a terms key for another administrator takes a super admin
  // (tests/api/acting-on-users.test.ts); any other account may get one.
  test('a terms key may go to anyone an admin may act on', async () => {
    await issue(DEMO.cancelled, 'tos');
    await issue(DEMO.admin, 'tos');
    const res = await (await admin()).POST('/authentication/keys', { body: { email: DEMO.superAdmin, purpose: 'tos' } });
    expect(res.response.status).toBe(403);
    expect(res.error?.error).toBe(MSG.switchIntoAdmin);
  });
});

describe('POST /authentication/sso', () => {
  test('exchanges a key for a session, once', async () => {
    const { key } = await issue(DEMO.vendor, 'sso');
    const first = await exchange(key);
    expect(first.response.status).toBe(200);
    expect(first.data).toMatchObject({ user: { email: DEMO.vendor }, original: null });
    const token = first.response.headers.get(TOKEN_HEADER);
    expect((await t.client({ token }).GET('/authentication/user')).data?.user.email).toBe(DEMO.vendor);

    const again = await exchange(key);
    expect(again.response.status).toBe(404);
    expect(again.error?.error).toBe(DESIGNED_MSG.accessKeyInvalid);
  });

  test('a newer key voids the older; a key expires', async () => {
    const older = await issue(DEMO.pro, 'sso');
    const newer = await issue(DEMO.pro, 'sso');
    expect((await exchange(older.key)).response.status).toBe(404);
    t.clock.advanceMinutes(ACCESS_KEY_VALID_MINUTES);
    expect((await exchange(newer.key)).response.status).toBe(404);
  });

  test('a key of a user cancelled since it was issued is refused', async () => {
    const u = await addUser(t);
    const { key } = await issue(u.email, 'sso');
    await t.db.query(`UPDATE users SET status = 'cancelled' WHERE id = $1`, [u.id]);
    const res = await exchange(key);
    expect(res.response.status).toBe(403);
    expect(res.error?.code).toBe('inactive');
  });

  test('a tos key is no sso key', async () => {
    const { key } = await issue(DEMO.regional, 'tos');
    expect((await exchange(key)).response.status).toBe(404);
  });
});

describe('POST /authentication/tos/{key}', () => {
  const consent = async (id: number) =>
    (await t.db.query<{ c: boolean }>('SELECT tos_consent AS c FROM users WHERE id = $1', [id])).rows[0].c;

  test('the emailed link accepts the terms once', async () => {
    const u = await addUser(t, { tosConsent: false });
    const { key, url } = await issue(u.email, 'tos');
    const mail = await (await admin()).GET('/mail/outbox', { params: { query: { to: u.email } } });
    expect(mail.data?.results[0].text).toContain(url);

    const bad = await acceptByKey(key, ['AB', 'CD']);
    expect(bad.response.status).toBe(400);
    expect(bad.error?.error).toBe(MSG.termsInitials);
    expect(await consent(u.id)).toBe(false);

    const ok = await acceptByKey(key, ['AB', 'ab']); // the key was not spent by the refusal
    expect(ok.response.status).toBe(200);
    expect(await consent(u.id)).toBe(true);
    expect((await acceptByKey(key, ['AB', 'AB'])).response.status).toBe(404);
  });

  test('an sso key does not accept terms; a malformed key is 400', async () => {
    const { key } = await issue(DEMO.corporate, 'sso');
    expect((await acceptByKey(key, ['CC', 'CC'])).response.status).toBe(404);
    expect((await acceptByKey('short', ['CC', 'CC'])).response.status).toBe(400);
  });
});
