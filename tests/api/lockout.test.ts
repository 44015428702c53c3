import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { LOCK_MINUTES, MAX_FAILED_LOGINS } from '../../src/domain/login-policy';
import { DESIGNED_MSG } from '../../src/domain/messages';
import { TOKEN_HEADER } from '../../src/domain/session';
import { sweepFailures } from '../../src/server/services/login-failures';
import { DEMO, DEMO_PASSWORD, addUser, login, sessionFor, solvedCaptcha } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every argon2 verification the server runs, real or burnt (for an unknown email), is
 * counted: the number of password checks is what the lock limits, and equal counts for
 * known and unknown emails are what keeps their timing alike.
 */
const checks = vi.hoisted(() => ({ count: 0, hold: null as Promise<void> | null }));
vi.mock('../../src/server/services/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/services/passwords')>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      checks.count += 1;
      // A test may hold the check of the right password (DEMO_PASSWORD), to order it among others.
      if (checks.hold && password === 'Leadline#2026') await checks.hold;
      return real.verifyPassword(hash, password);
    },
    burnPasswordCheck: async (password: string) => {
      checks.count += 1;
      return real.burnPasswordCheck(password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());
beforeEach(() => {
  checks.count = 0;
});

const WRONG = 'Wrong#Password1';
/** The status, body and token of a login, without the client. */
async function attempt(email: string, password: string) {
  const { response, error } = await login(t, email, password);
  return { status: response.status, body: error ?? null, token: response.headers.get(TOKEN_HEADER) };
}

describe('a burst of wrong passwords', () => {
  test(`30 at once from 30 addresses: at most ${MAX_FAILED_LOGINS} passwords are checked, and the account is locked`, async () => {
    const u = await addUser(t);
    // Captchas first, so the logins themselves arrive together.
    const clients = Array.from({ length: 30 }, () => t.client());
    const captchas = await Promise.all(clients.map((c) => solvedCaptcha(c)));
    checks.count = 0;
    const answers = await Promise.all(
      clients.map((c, i) => c.POST('/authentication/login', { body: { username: u.email, password: WRONG, captcha: captchas[i] } })),
    );
    expect(answers.every((a) => [422, 429].includes(a.response.status))).toBe(true);
    expect(checks.count).toBeLessThanOrEqual(MAX_FAILED_LOGINS);
    expect(answers.filter((a) => a.error?.code === 'locked').length).toBeGreaterThanOrEqual(30 - MAX_FAILED_LOGINS);

    checks.count = 0;
    const right = await attempt(u.email, DEMO_PASSWORD);
    expect(right).toMatchObject({ status: 429, body: { code: 'locked' }, token: null });
    expect(checks.count).toBe(0);
    const admin = await sessionFor(t, DEMO.admin);
    const { data } = await admin.DELETE('/users/{userId}/failed-logins', { params: { path: { userId: u.id } } });
    expect(data?.failedLogins).toBe(0);
  });

  test('a right password checked before a lock does not lift the lock set meanwhile', async () => {
    const u = await addUser(t);
    for (let i = 0; i < MAX_FAILED_LOGINS - 2; i++) await attempt(u.email, WRONG);
    let release = () => {};
    checks.hold = new Promise<void>((r) => (release = r));
    try {
      const [rightClient, wrongClient] = [t.client(), t.client()];
      const [rightCaptcha, wrongCaptcha] = await Promise.all([solvedCaptcha(rightClient), solvedCaptcha(wrongClient)]);
      checks.count = 0;
      const right = rightClient.POST('/authentication/login', { body: { username: u.email, password: DEMO_PASSWORD, captcha: rightCaptcha } });
      await vi.waitFor(() => expect(checks.count).toBe(1)); // the right password is being checked
      const wrong = await wrongClient.POST('/authentication/login', { body: { username: u.email, password: WRONG, captcha: wrongCaptcha } });
      expect(wrong.error?.code).toBe('locked');
      release();
      expect((await right).response.status).toBe(200);
    } finally {
      checks.hold = null;
      release();
    }
    // The success read its count before the lock: it must not write the lock away.
    expect((await attempt(u.email, DEMO_PASSWORD)).status).toBe(429);
  });
});

describe('the lock reveals nothing about which emails have accounts', () => {
  const unknown = () => `nobody-${Math.random().toString(36).slice(2)}@demo.test`;

  test('an unknown email gets the same answers as a known one, up to and after the lock', async () => {
    const known = (await addUser(t)).email;
    const other = unknown();
    const seen: Record<string, Array<{ status: number; body: unknown; checks: number }>> = { known: [], other: [] };
    for (let i = 0; i < MAX_FAILED_LOGINS + 2; i++) {
      for (const [name, email] of [['known', known], ['other', other]] as const) {
        checks.count = 0;
        const a = await attempt(email, WRONG);
        seen[name].push({ status: a.status, body: a.body, checks: checks.count });
      }
    }
    expect(seen.other).toEqual(seen.known);
    expect(seen.known.map((s) => s.status)).toEqual([...Array(MAX_FAILED_LOGINS - 1).fill(422), 429, 429, 429]);
    // Each attempt before the lock checks one password (real or burnt); a locked email none.
    expect(seen.known.map((s) => s.checks)).toEqual([...Array(MAX_FAILED_LOGINS).fill(1), 0, 0]);
    expect(seen.known.at(-1)?.body).toMatchObject({ error: DESIGNED_MSG.accountLocked, code: 'locked' });
  });

  test('the lock is kept per email, whatever its case and spaces', async () => {
    const u = await addUser(t);
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await attempt(i % 2 ? u.email.toUpperCase() : ` ${u.email} `, WRONG);
    expect((await attempt(u.email, DEMO_PASSWORD)).status).toBe(429);
    t.clock.advanceMinutes(LOCK_MINUTES);
    expect((await attempt(u.email, DEMO_PASSWORD)).status).toBe(200);
  });

  test('a locked victim gets in through the emailed unlock link', async () => {
    const u = await addUser(t);
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await attempt(u.email, WRONG);
    const c = t.client();
    await c.POST('/authentication/unlock', { body: { email: u.email, captcha: await solvedCaptcha(c) } });
    const admin = await sessionFor(t, DEMO.admin);
    const mail = await admin.GET('/mail/outbox', { params: { query: { to: u.email } } });
    const key = /\/sso\/([A-Za-z0-9_-]+)/.exec(mail.data?.results[0]?.text ?? '')?.[1];
    expect((await t.client().POST('/authentication/sso', { body: { key: key! } })).response.status).toBe(200);
    expect((await attempt(u.email, DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('an account that is not active', () => {
  test('answers a right password exactly as a wrong one, and counts it as a failure', async () => {
    for (const status of ['cancelled', 'inactive', 'archived'] as const) {
      const u = await addUser(t, { status });
      checks.count = 0;
      const right = await attempt(u.email, DEMO_PASSWORD);
      const rightChecks = checks.count;
      checks.count = 0;
      const wrong = await attempt(u.email, WRONG);
      expect(right, status).toEqual(wrong);
      expect(rightChecks).toBe(checks.count);
      expect(right).toEqual({ status: 422, body: { error: DESIGNED_MSG.badCredentials, code: 'bad_credentials' }, token: null });
    }
    expect((await attempt(DEMO.cancelled, DEMO_PASSWORD)).status).toBe(422);
  });
});

describe('current-password guesses on POST /password/update/{userId}', () => {
  test('count as failed logins: the 5th wrong guess locks the account', async () => {
    const u = await addUser(t);
    const client = await sessionFor(t, u.email);
    const guess = (currentPassword: string) =>
      client.POST('/password/update/{userId}', { params: { path: { userId: u.id } }, body: { password: 'Fresh#Start42', currentPassword } });
    const statuses = [];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) statuses.push((await guess(WRONG)).response.status);
    expect(statuses).toEqual([...Array(MAX_FAILED_LOGINS - 1).fill(422), 429]);
    checks.count = 0;
    const right = await guess(DEMO_PASSWORD);
    expect(right.response.status).toBe(429);
    expect(right.error?.code).toBe('locked');
    expect(checks.count).toBe(0);
    expect((await attempt(u.email, DEMO_PASSWORD)).status).toBe(429);
  });

  test('wrong guesses and failed logins share one count', async () => {
    const u = await addUser(t);
    const client = await sessionFor(t, u.email);
    for (let i = 0; i < MAX_FAILED_LOGINS - 1; i++) await attempt(u.email, WRONG);
    const res = await client.POST('/password/update/{userId}', {
      params: { path: { userId: u.id } },
      body: { password: 'Fresh#Start42', currentPassword: WRONG },
    });
    expect(res.error?.code).toBe('locked');
  });

  test('a new password equal to the current one is refused on the password field', async () => {
    const u = await addUser(t);
    const client = await sessionFor(t, u.email);
    const res = await client.POST('/password/update/{userId}', {
      params: { path: { userId: u.id } },
      body: { password: DEMO_PASSWORD, currentPassword: DEMO_PASSWORD },
    });
    expect(res.response.status).toBe(422);
    expect(res.error?.errors).toEqual([{ field: 'password', message: DESIGNED_MSG.passwordUnchanged }]);
    // An admin switched into the user is held to it too.
    const admin = await sessionFor(t, DEMO.admin, u.email);
    const switched = await admin.POST('/password/update/{userId}', { params: { path: { userId: u.id } }, body: { password: DEMO_PASSWORD } });
    expect(switched.error?.errors).toEqual([{ field: 'password', message: DESIGNED_MSG.passwordUnchanged }]);
  });
});

describe('the failure table stays small', () => {
  test('counts idle for a day are swept; a running lock is kept', async () => {
    const idle = `idle-${Date.now()}@demo.test`;
    const locked = `locked-${Date.now()}@demo.test`;
    await attempt(idle, WRONG);
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await attempt(locked, WRONG);
    t.clock.advance(24 * 3600_000 + 1000);
    await t.db.query('UPDATE login_failures SET locked_until = $2 WHERE email = $1', [locked, new Date(t.clock.now().getTime() + 60_000)]);
    await sweepFailures(t.db, t.clock.now());
    const { rows } = await t.db.query<{ email: string }>('SELECT email FROM login_failures WHERE email = ANY($1)', [[idle, locked]]);
    expect(rows.map((r) => r.email)).toEqual([locked]);
  });
});
