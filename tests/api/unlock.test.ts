import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESIGNED_MSG } from '../../src/domain/messages';
import { DEMO, addUser, login, sessionFor, solvedCaptcha } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The newest link of `kind` mailed to `email`, read through the admin mailbox. */
async function mailedKey(email: string, kind: 'sso' | 'password-reset'): Promise<string | null> {
  const admin = await sessionFor(t, DEMO.admin);
  const { data } = await admin.GET('/mail/outbox', { params: { query: { to: email } } });
  const text = data?.results[0]?.text ?? '';
  return new RegExp(`/${kind}/([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? null;
}

async function lock(email: string) {
  for (let i = 0; i < 5; i++) await login(t, email, 'Wrong#Password1');
  expect((await login(t, email)).response.status).toBe(429);
}

describe('POST /authentication/unlock', () => {
  test('answers the same for any email and mails a working sign-in link that lifts the lock', async () => {
    const u = await addUser(t);
    await lock(u.email);
    const c = t.client();
    const known = await c.POST('/authentication/unlock', { body: { email: u.email, captcha: await solvedCaptcha(c) } });
    const unknown = await c.POST('/authentication/unlock', { body: { email: 'nobody@demo.test', captcha: await solvedCaptcha(c) } });
    expect(known.data).toEqual({ message: DESIGNED_MSG.unlockRequested });
    expect(unknown.data).toEqual(known.data);
    const key = await mailedKey(u.email, 'sso');
    expect(key).not.toBeNull();
    const signedIn = await t.client().POST('/authentication/sso', { body: { key: key! } });
    expect(signedIn.data?.user.email).toBe(u.email);
    expect((await login(t, u.email)).response.status).toBe(200);
  });

  test('needs a solved captcha', async () => {
    const u = await addUser(t);
    const res = await t.client().POST('/authentication/unlock', { body: { email: u.email, captcha: 'not-solved' } });
    expect(res.response.status).toBe(422);
    expect(await mailedKey(u.email, 'sso')).toBeNull();
  });
});

describe('GET /password/reset/{key}', () => {
  test('tells a live key from a spent or unknown one before the form is shown', async () => {
    const u = await addUser(t);
    await t.client().POST('/password/reset', { body: { email: u.email } });
    const key = (await mailedKey(u.email, 'password-reset'))!;
    const live = await t.client().GET('/password/reset/{key}', { params: { path: { key } } });
    expect(new Date(live.data!.expiresAt).getTime()).toBeGreaterThan(t.clock.now().getTime());
    await t.client().POST('/password/reset', { body: { resetHash: key, password: 'Fresh#Start42' } });
    const spent = await t.client().GET('/password/reset/{key}', { params: { path: { key } } });
    expect(spent.response.status).toBe(404);
    expect(spent.error?.error).toBe(DESIGNED_MSG.resetKeyInvalid);
    const unknown = await t.client().GET('/password/reset/{key}', { params: { path: { key: 'x'.repeat(43) } } });
    expect(unknown.response.status).toBe(404);
  });
});
