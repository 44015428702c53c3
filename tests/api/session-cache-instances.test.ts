import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { AppContext } from '../../src/server/context';
import { openPostgres } from '../../src/server/db/postgres';
import { hashToken } from '../../src/server/services/tokens';
import { createContext } from '../../src/server/start';
import { DEMO, sessionFor } from '../helpers/accounts';
import { testConfig } from '../helpers/config';
import { withDatabase } from '../helpers/postgres-admin';
import { startTestApp, type TestApp } from '../helpers/test-app';

const url = process.env.DATABASE_URL;

/**
 * Two app instances on one PostgreSQL database, each with its own session cache and
 * its own LISTEN connection: what one changes, the other hears within milliseconds.
 */
describe.runIf(url)('the session cache across instances (PostgreSQL)', () => {
  let a: TestApp;
  let b: { app: FastifyInstance; ctx: AppContext };
  let database: string;

  beforeAll(async () => {
    a = await startTestApp();
    database = (await a.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
    const ctx = await createContext(testConfig(), { db: openPostgres(withDatabase(url!, database), 2), clock: a.clock });
    b = { app: await buildApp(ctx), ctx };
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.ctx.db.close();
    await a?.close();
  });

  const onB = (token: string | null) =>
    b.app.inject({ method: 'GET', url: '/rest/authentication/user', headers: { authorization: `Bearer ${token}` } });

  /** A session both instances hold in memory. */
  async function cachedOnBoth(email: string) {
    const client = await sessionFor(a, email);
    const token = client.session.token!;
    expect((await client.GET('/authentication/user')).response.status).toBe(200);
    expect((await onB(token)).statusCode).toBe(200);
    expect(a.ctx.sessions.get(hashToken(token))).toBeDefined();
    expect(b.ctx.sessions.get(hashToken(token))).toBeDefined();
    return { client, token };
  }

  test('a logout through one instance is refused by the other within milliseconds', async () => {
    const { client, token } = await cachedOnBoth(DEMO.agent);
    const heard = new Promise<number>((resolve) =>
      b.ctx.sessions.on('invalidated', (p: string) => p === `s:${hashToken(token)}` && resolve(performance.now())),
    );
    const start = performance.now();
    expect((await client.POST('/authentication/logout')).response.status).toBe(204);
    const ms = (await heard) - start;
    console.info(`instance B heard the logout ${ms.toFixed(1)} ms after it was sent to instance A`);
    expect(ms).toBeLessThan(1000);
    expect((await onB(token)).statusCode).toBe(401);
  });

  test('while its listener is down an instance bypasses its cache, and uses it again once back', async () => {
    const { token } = await cachedOnBoth(DEMO.pro);
    const bypassed = once(b.ctx.sessions, 'bypassed');
    // A listens again on its own time: the check below caches on both, so it waits for both.
    const aBack = once(a.ctx.sessions, 'active');
    // Both instances' LISTEN connections die (an idle timeout, a failover, a kill).
    await a.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'leadline-listen'`,
      [database],
    );
    await bypassed;
    expect(b.ctx.sessions.active).toBe(false);
    expect(b.ctx.sessions.size).toBe(0);
    const back = once(b.ctx.sessions, 'active');
    // A change nobody hears: B must read it from the database.
    await a.db.query(`UPDATE users SET status = 'inactive' WHERE email = $1`, [DEMO.pro]);
    expect((await onB(token)).statusCode).toBe(401);

    await Promise.all([back, aBack]);
    const { token: other } = await cachedOnBoth(DEMO.vendor);
    expect(b.ctx.sessions.active).toBe(true);
    expect((await onB(other)).statusCode).toBe(200);
  });
});
