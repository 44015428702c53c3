import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Challenge } from 'altcha-lib';
import { LOCK_MINUTES, LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, MAX_FAILED_LOGINS } from '../../src/domain/login-policy';
import { DESIGNED_MSG } from '../../src/domain/messages';
import { TOKEN_HEADER } from '../../src/domain/session';
import { createCaptcha, solveCaptcha } from '../../src/server/services/captcha';
import { hashToken } from '../../src/server/services/tokens';
import { DEMO, DEMO_PASSWORD, addUser, login, sessionFor, solvedCaptcha, userId } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** Failed logins are kept per email (login_failures); none kept reads as 0. */
const failedLogins = async (id: number) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT COALESCE((SELECT failures FROM login_failures f WHERE f.email = lower(u.email)), 0) AS n FROM users u WHERE id = $1',
      [id],
    )
  ).rows[0].n;

describe('POST /authentication/login', () => {
  test('signs in: a token in X-Auth-Token, the AuthState in the body, and the token works', async () => {
    const { client, data, response } = await login(t, DEMO.agent);
    expect(response.status).toBe(200);
    const token = response.headers.get(TOKEN_HEADER);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data).toMatchObject({ user: { email: DEMO.agent, role: 'user', status: 'active' }, original: null });
    // Only the token's hash is stored.
    const { rows } = await t.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [hashToken(token!)]);
    expect(rows).toHaveLength(1);
    const me = await client.GET('/authentication/user');
    expect(me.data?.user.email).toBe(DEMO.agent);
  });

  test('the username is matched without regard to case or surrounding spaces', async () => {
    const { response } = await login(t, `  ${DEMO.pro.toUpperCase()} `);
    expect(response.status).toBe(200);
  });

  test('a wrong password is 422 and counts a failure', async () => {
    const u = await addUser(t);
    const { response, error } = await login(t, u.email, 'Wrong#2026');
    expect(response.status).toBe(422);
    expect(error).toMatchObject({ error: DESIGNED_MSG.badCredentials, code: 'bad_credentials' });
    expect(response.headers.get(TOKEN_HEADER)).toBeNull();
    expect(await failedLogins(u.id)).toBe(1);
  });

  test('an unknown username gets the same answer as a wrong password', async () => {
    const { response, error } = await login(t, 'nobody@demo.test');
    expect(response.status).toBe(422);
    expect(error).toMatchObject({ error: DESIGNED_MSG.badCredentials, code: 'bad_credentials' });
  });

  test('a captcha works once: after a failed login the form needs a fresh one', async () => {
    const u = await addUser(t);
    const client = t.client();
    const captcha = await solvedCaptcha(client);
    const first = await client.POST('/authentication/login', { body: { username: u.email, password: 'Wrong#2026', captcha } });
    expect(first.response.status).toBe(422);
    const again = await client.POST('/authentication/login', { body: { username: u.email, password: DEMO_PASSWORD, captcha } });
    expect(again.response.status).toBe(422);
    expect(again.error).toMatchObject({ code: 'captcha', errors: [{ field: 'captcha' }] });
    const fresh = await login(t, u.email, DEMO_PASSWORD, client);
    expect(fresh.response.status).toBe(200);
  });

  test('a captcha that is garbage, foreign or expired is refused', async () => {
    const client = t.client();
    const garbage = await client.POST('/authentication/login', {
      body: { username: DEMO.agent, password: DEMO_PASSWORD, captcha: 'bm90IGEgY2FwdGNoYQ==' },
    });
    expect(garbage.error).toMatchObject({ code: 'captcha' });

    const other = createCaptcha({ secret: 'someone-else', maxCounter: 500, clock: t.clock });
    const foreign = await solveCaptcha(await other.challenge());
    const refused = await client.POST('/authentication/login', { body: { username: DEMO.agent, password: DEMO_PASSWORD, captcha: foreign } });
    expect(refused.error).toMatchObject({ code: 'captcha' });

    // A challenge is good for 10 minutes of the server's clock.
    const { data } = await client.GET('/captcha/challenge');
    const late = await solveCaptcha(data as unknown as Challenge);
    t.clock.advanceMinutes(11);
    const expired = await client.POST('/authentication/login', { body: { username: DEMO.agent, password: DEMO_PASSWORD, captcha: late } });
    expect(expired.error).toMatchObject({ code: 'captcha' });
  });

  // Designed in issue 5: a cancelled account answers as a wrong password does (it was a
  // 403 "inactive", which told a right password from a wrong one). Still no session.
  test('a cancelled user is refused even with the right password, as a wrong password is', async () => {
    const { response, error } = await login(t, DEMO.cancelled);
    expect(response.status).toBe(422);
    expect(error).toMatchObject({ error: DESIGNED_MSG.badCredentials, code: 'bad_credentials' });
    expect(response.headers.get(TOKEN_HEADER)).toBeNull();
  });
});

describe('GET /captcha/challenge', () => {
  test('a fresh, uncached challenge each time', async () => {
    const client = t.client();
    const [a, b] = await Promise.all([client.GET('/captcha/challenge'), client.GET('/captcha/challenge')]);
    expect(a.response.headers.get('cache-control')).toBe('no-store');
    expect(a.data?.signature).toBeTruthy();
    expect(a.data?.signature).not.toBe(b.data?.signature);
  });
});

describe('failed-login lock', () => {
  async function failTimes(email: string, n: number) {
    const out = [];
    for (let i = 0; i < n; i++) out.push(await login(t, email, 'Wrong#2026'));
    return out;
  }

  test(`the ${MAX_FAILED_LOGINS}th failure in a row locks the account for ${LOCK_MINUTES} minutes`, async () => {
    const u = await addUser(t);
    const tries = await failTimes(u.email, MAX_FAILED_LOGINS);
    expect(tries.slice(0, -1).map((r) => r.response.status)).toEqual(Array(MAX_FAILED_LOGINS - 1).fill(422));
    expect(tries.at(-1)!.response.status).toBe(429);
    expect(tries.at(-1)!.error).toMatchObject({ error: DESIGNED_MSG.accountLocked, code: 'locked' });

    const withRightPassword = await login(t, u.email);
    expect(withRightPassword.response.status).toBe(429);
    expect(withRightPassword.error?.code).toBe('locked');

    t.clock.advanceMinutes(LOCK_MINUTES - 1);
    expect((await login(t, u.email)).response.status).toBe(429);
    t.clock.advanceMinutes(1);
    const after = await login(t, u.email);
    expect(after.response.status).toBe(200);
    expect(after.data?.user).toMatchObject({ failedLogins: 0, lockedUntil: null });
    expect(await failedLogins(u.id)).toBe(0);
  });

  test('after a lock runs out the user has a full set of attempts again', async () => {
    const u = await addUser(t);
    await failTimes(u.email, MAX_FAILED_LOGINS);
    t.clock.advanceMinutes(LOCK_MINUTES);
    const next = await failTimes(u.email, MAX_FAILED_LOGINS);
    expect(next.map((r) => r.response.status)).toEqual([...Array(MAX_FAILED_LOGINS - 1).fill(422), 429]);
  });

  test('an admin lifts the lock with DELETE /users/{id}/failed-logins', async () => {
    const u = await addUser(t);
    await failTimes(u.email, MAX_FAILED_LOGINS);
    expect((await login(t, u.email)).response.status).toBe(429);
    const admin = await sessionFor(t, DEMO.admin);
    const cleared = await admin.DELETE('/users/{userId}/failed-logins', { params: { path: { userId: u.id } } });
    expect(cleared.data).toMatchObject({ id: u.id, failedLogins: 0, lockedUntil: null });
    expect((await login(t, u.email)).response.status).toBe(200);
  });
});

describe('per-address throttle', () => {
  test(`one address may try ${LOGIN_ATTEMPTS_PER_IP_PER_MINUTE} logins a minute`, async () => {
    const ip = t.nextIp();
    const attempt = () =>
      t.request({ method: 'POST', url: '/rest/authentication/login', ip, payload: { username: DEMO.agent, password: 'x', captcha: 'x' } });
    // Start at the beginning of a one-minute window, so the window does not turn mid-test.
    t.clock.advance(60_000 - (t.clock.now().getTime() % 60_000));
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_IP_PER_MINUTE; i++) expect((await attempt()).statusCode).toBe(422);
    const throttled = await attempt();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ error: DESIGNED_MSG.throttled, code: 'throttled' });

    // Even a correct login from that address waits; other addresses do not.
    const blocked = await login(t, DEMO.agent, DEMO_PASSWORD, t.client({ ip }));
    expect(blocked.response.status).toBe(429);
    expect((await login(t, DEMO.agent)).response.status).toBe(200);

    t.clock.advanceSeconds(60);
    expect((await attempt()).statusCode).toBe(422);
  });
});

describe('POST /authentication/logout', () => {
  test('ends the session: the token stops working at once', async () => {
    const { client } = await login(t, DEMO.vendor);
    const token = client.session.token;
    const out = await client.POST('/authentication/logout');
    expect(out.response.status).toBe(204);
    const after = await t.request({ method: 'GET', url: '/rest/authentication/user', token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: DESIGNED_MSG.sessionRequired, code: 'session_lost' });
  });

  test('without a session it is 401', async () => {
    const out = await t.client().POST('/authentication/logout');
    expect(out.response.status).toBe(401);
  });
});

describe('GET /authentication/user', () => {
  test('is 401 without a token, with an unknown token and with a malformed header', async () => {
    for (const authorization of [undefined, 'Bearer not-a-real-token', 'Basic YWRtaW46YWRtaW4=', 'Bearer']) {
      const res = await t.request({ method: 'GET', url: '/rest/authentication/user', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().code).toBe('session_lost');
    }
  });

  test('a user cancelled after signing in loses the session', async () => {
    const u = await addUser(t);
    const client = await sessionFor(t, u.email);
    expect((await client.GET('/authentication/user')).response.status).toBe(200);
    await t.db.query(`UPDATE users SET status = 'cancelled' WHERE id = $1`, [await userId(t, u.email)]);
    expect((await client.GET('/authentication/user')).response.status).toBe(401);
  });
});
