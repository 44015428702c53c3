import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIME_HEADER } from '../../src/domain/clock';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { createContext } from '../../src/server/start';
import { testConfig } from '../helpers/config';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * The end-to-end server runs on a set start (CLOCK_START): the same weekday morning
 * whenever CI runs. Each answer tells the server's time, which the web app's clock
 * follows; CLOCK_CONTROL=true lets a test move it forward.
 */
const START = '2026-04-14T15:30:00Z';

describe('CLOCK_START and CLOCK_CONTROL', () => {
  it('are read from the environment; a start without its zone or not a date stops the server', () => {
    expect(loadConfig({}).clockStart).toBeNull();
    expect(loadConfig({}).clockControl).toBe(false);
    expect(loadConfig({ CLOCK_START: START, CLOCK_CONTROL: 'true' })).toMatchObject({ clockStart: new Date(START), clockControl: true });
    expect(loadConfig({ CLOCK_START: '2026-04-14T10:30:00-05:00' }).clockStart).toEqual(new Date(START));
    expect(() => loadConfig({ CLOCK_START: '2026-04-14T15:30:00' })).toThrow(/CLOCK_START must be an ISO instant/);
    expect(() => loadConfig({ CLOCK_START: 'tuesday' })).toThrow(/CLOCK_START/);
    expect(loadConfig({ CLOCK_CONTROL: 'on' }).clockControl).toBe(false);
  });
});

async function serverOn(db: TestDatabase, config: Partial<Config>): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const ctx = await createContext(testConfig(config), { db: db.db });
  const app = await buildApp(ctx);
  await app.ready();
  return { app, ctx };
}
const timeOf = (headers: Record<string, unknown>) => Number(headers[SERVER_TIME_HEADER]);

/** One database for the file's servers, opened in a hook: inside a test its start took most of a loaded run's 20 s. */
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 180_000);
afterAll(() => db?.dispose());

describe('a server started on CLOCK_START', () => {
  let controlled: FastifyInstance;
  let plain: FastifyInstance;
  beforeAll(async () => {
    controlled = (await serverOn(db, { clockStart: new Date(START), clockControl: true })).app;
    plain = (await serverOn(db, { clockStart: new Date(START) })).app;
  }, 180_000);
  afterAll(async () => {
    await controlled.close();
    await plain.close();
  });

  it('tells its time in every answer, running on from the start', async () => {
    const res = await plain.inject({ method: 'GET', url: '/rest/health' });
    expect(res.statusCode).toBe(200);
    const at = timeOf(res.headers);
    expect(at).toBeGreaterThanOrEqual(Date.parse(START));
    expect(at).toBeLessThan(Date.parse(START) + 60_000);
    expect(String(res.headers['access-control-expose-headers'])).toContain(SERVER_TIME_HEADER);
    const missing = await plain.inject({ method: 'GET', url: '/rest/no-such-operation' });
    expect(timeOf(missing.headers)).toBeGreaterThanOrEqual(at);
  });

  it('moves forward by POST /test/clock when CLOCK_CONTROL is on', async () => {
    const before = timeOf((await controlled.inject({ method: 'GET', url: '/rest/health' })).headers);
    const res = await controlled.inject({ method: 'POST', url: '/test/clock', payload: { advanceSeconds: 6 * 60 } });
    expect(res.statusCode).toBe(200);
    const moved = Date.parse((res.json() as { now: string }).now);
    expect(moved - before).toBeGreaterThanOrEqual(6 * 60_000);
    expect(moved - before).toBeLessThan(7 * 60_000);
    expect(timeOf((await controlled.inject({ method: 'GET', url: '/rest/health' })).headers)).toBeGreaterThanOrEqual(moved);
  });

  it('refuses a move backwards or a text with a 400, leaving the clock where it was', async () => {
    for (const advanceSeconds of [-1, '60', null]) {
      const before = timeOf((await controlled.inject({ method: 'GET', url: '/rest/health' })).headers);
      const res = await controlled.inject({ method: 'POST', url: '/test/clock', payload: { advanceSeconds } });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: string }).error).toMatch(/^advanceSeconds must be a number of seconds/);
      const after = timeOf((await controlled.inject({ method: 'GET', url: '/rest/health' })).headers);
      expect(after - before).toBeLessThan(5_000);
    }
  });

  it('has no clock control without CLOCK_CONTROL=true', async () => {
    const res = await plain.inject({ method: 'POST', url: '/test/clock', payload: { advanceSeconds: 60 } });
    expect(res.statusCode).toBe(404);
  });
});

describe('a server with CLOCK_CONTROL and no CLOCK_START', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = (await serverOn(db, { clockControl: true })).app;
  }, 180_000);
  afterAll(() => app?.close());

  it("runs on the system's time and moves forward on demand", async () => {
    const before = Date.now();
    const res = await app.inject({ method: 'POST', url: '/test/clock', payload: { advanceSeconds: 3600 } });
    expect(res.statusCode).toBe(200);
    const moved = Date.parse((res.json() as { now: string }).now) - before;
    expect(moved).toBeGreaterThanOrEqual(3_600_000);
    expect(moved).toBeLessThan(3_660_000);
  });
});
