import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { SESSION_IDLE_EXPIRY_MINUTES, TOKEN_GRACE_SECONDS, TOKEN_HEADER, TOKEN_ROTATE_AFTER_SECONDS } from '../../src/domain/session';
import { SessionCache, type LiveSession } from '../../src/server/services/session-cache';
import { revokeUserSessions } from '../../src/server/services/sessions';
import { hashToken } from '../../src/server/services/tokens';
import { DEMO_PASSWORD, addUser, sessionFor, userId } from '../helpers/accounts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const whoAmI = (token: string | null) => t.request({ method: 'GET', url: '/rest/authentication/user', token });
const cached = (token: string | null) => t.ctx.sessions.get(hashToken(token!));

/** A signed-in user whose session the cache already holds, so a stale entry would answer. */
async function cachedSession(email?: string): Promise<{ client: TestClient; id: number; email: string }> {
  const user = email ? { email, id: await userId(t, email) } : await addUser(t);
  const client = await sessionFor(t, user.email);
  expect((await client.GET('/authentication/user')).response.status).toBe(200);
  expect(cached(client.session.token)).toBeDefined();
  return { client, ...user };
}

describe('the session cache', () => {
  test('is listening, and a signed-in request it holds makes no query at all', async () => {
    expect(t.ctx.sessions.active).toBe(true);
    const { client } = await cachedSession();
    const queries = vi.spyOn(t.db, 'query');
    try {
      expect((await client.GET('/authentication/user')).response.status).toBe(200);
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  test('the session row it holds has no password hash', async () => {
    const { client } = await cachedSession();
    expect(cached(client.session.token)).not.toHaveProperty('password_hash');
  });
});

describe('revocation is seen on the very next request', () => {
  test('logout', async () => {
    const { client } = await cachedSession();
    const token = client.session.token;
    expect((await client.POST('/authentication/logout')).response.status).toBe(204);
    expect((await whoAmI(token)).statusCode).toBe(401);
  });

  test('a password change ends the other sessions; the one making it goes on', async () => {
    const { client: changing, email } = await cachedSession();
    const { client: other } = await cachedSession(email);
    const id = await userId(t, email);
    const res = await changing.POST('/password/update/{userId}', {
      params: { path: { userId: id } },
      body: { currentPassword: DEMO_PASSWORD, password: 'Another#Pass2026' },
    });
    expect(res.response.status).toBe(200);
    expect((await whoAmI(other.session.token)).statusCode).toBe(401);
    expect((await whoAmI(changing.session.token)).statusCode).toBe(200);
  });

  test('a password reset (revokeUserSessions)', async () => {
    const { client, id } = await cachedSession();
    await revokeUserSessions(t.db, id, t.clock.now());
    expect((await whoAmI(client.session.token)).statusCode).toBe(401);
  });

  test('a user cancelled by raw SQL', async () => {
    const { client, id } = await cachedSession();
    await t.db.query(`UPDATE users SET status = 'cancelled' WHERE id = $1`, [id]);
    expect((await whoAmI(client.session.token)).statusCode).toBe(401);
  });

  test('a role changed by raw SQL', async () => {
    const { client, id } = await cachedSession();
    await t.db.query(`UPDATE users SET role = 'vendor' WHERE id = $1`, [id]);
    const res = await client.GET('/authentication/user');
    expect(res.data?.user.role).toBe('vendor');
  });

  test('a company renamed by raw SQL', async () => {
    const { client, id } = await cachedSession();
    await t.db.query(`UPDATE companies SET name = 'Renamed Agency' WHERE id = (SELECT company_id FROM users WHERE id = $1)`, [id]);
    expect((await client.GET('/authentication/user')).data?.user.company?.name).toBe('Renamed Agency');
  });

  test('a failed login counted against the user (login_failures)', async () => {
    const { client, email } = await cachedSession();
    await t.db.query(
      `INSERT INTO login_failures (email, failures, updated_at) VALUES (lower($1), 2, now())
       ON CONFLICT (email) DO UPDATE SET failures = 2`,
      [email],
    );
    expect((await client.GET('/authentication/user')).data?.user.failedLogins).toBe(2);
  });

  test('a session deleted by raw SQL', async () => {
    const { client, id } = await cachedSession();
    await t.db.query('DELETE FROM sessions WHERE user_id = $1', [id]);
    expect((await whoAmI(client.session.token)).statusCode).toBe(401);
  });
});

describe('expiry stays exact with the cache, driven by the clock', () => {
  test('token rotation, then the old token’s grace runs out', async () => {
    const { client } = await cachedSession();
    const old = client.session.token;
    t.clock.advanceSeconds(TOKEN_ROTATE_AFTER_SECONDS + 1);
    const rotated = await whoAmI(old);
    const fresh = rotated.headers[TOKEN_HEADER] as string;
    expect(fresh).toBeTruthy();
    expect((await whoAmI(old)).statusCode).toBe(200);
    expect(cached(old)?.grace_until).toBeTruthy();
    t.clock.advanceSeconds(TOKEN_GRACE_SECONDS);
    expect((await whoAmI(old)).statusCode).toBe(401);
    expect((await whoAmI(fresh)).statusCode).toBe(200);
  });

  test('idle expiry', async () => {
    const { client } = await cachedSession();
    t.clock.advanceMinutes(SESSION_IDLE_EXPIRY_MINUTES);
    expect(cached(client.session.token)).toBeDefined();
    expect((await whoAmI(client.session.token)).statusCode).toBe(401);
  });

  test('absolute expiry', async () => {
    const { client, id } = await cachedSession();
    // Signed in 12 hours ago less a minute, and busy ever since.
    await t.db.query(
      `UPDATE sessions SET family_started_at = $2::timestamptz - interval '12 hours' + interval '1 minute' WHERE user_id = $1`,
      [id, t.clock.now()],
    );
    expect((await whoAmI(client.session.token)).statusCode).toBe(200);
    expect(cached(client.session.token)).toBeDefined();
    t.clock.advanceMinutes(1);
    expect((await whoAmI(client.session.token)).statusCode).toBe(401);
  });

  test('TRUNCATE of sessions ends every session', async () => {
    const { client } = await cachedSession();
    await t.db.query('TRUNCATE sessions CASCADE'); // download links (migration 017) end with their session
    expect((await whoAmI(client.session.token)).statusCode).toBe(401);
  });
});

describe('SessionCache on its own', () => {
  const row = { id: 7, company_id: 3 } as LiveSession;
  const listening = () => {
    const cache = new SessionCache();
    cache.listening(true);
    return cache;
  };

  test('a read that overlapped an invalidation is not stored', () => {
    const cache = listening();
    const ticket = cache.ticket();
    cache.notified('u:99');
    cache.store('h', row, ticket);
    expect(cache.get('h')).toBeUndefined();
    cache.store('h', row, cache.ticket());
    expect(cache.get('h')).toBe(row);
  });

  test.each(['s:h', 'u:7', 'c:3', '*'])('%s drops the entry; other payloads leave it', (payload) => {
    const cache = listening();
    cache.store('h', row, cache.ticket());
    cache.notified('u:8');
    cache.notified('c:4');
    cache.notified('s:other');
    expect(cache.get('h')).toBe(row);
    cache.notified(payload);
    expect(cache.get('h')).toBeUndefined();
  });

  test('while not listening it holds nothing and serves nothing', () => {
    const cache = listening();
    cache.store('h', row, cache.ticket());
    cache.listening(false);
    expect(cache.get('h')).toBeUndefined();
    cache.store('h', row, cache.ticket());
    cache.listening(true);
    expect(cache.get('h')).toBeUndefined();
  });
});
