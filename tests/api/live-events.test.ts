import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { AppContext } from '../../src/server/context';
import type { Queryable } from '../../src/server/db/db';
import { openPostgres } from '../../src/server/db/postgres';
import { postMovement } from '../../src/server/services/ledger';
import { createContext } from '../../src/server/start';
import { DEMO, sessionFor } from '../helpers/accounts';
import { testConfig } from '../helpers/config';
import { withDatabase } from '../helpers/postgres-admin';
import { sseReader } from '../helpers/sse';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Server push: GET /live/events streams a company's changes (leads, calls, balance), heard
 * from the database's triggers through LISTEN/NOTIFY, scoped to that company.
 */
let t: TestApp;
let base: string;
let agentCompany: number;
let otherCompany: number;
let keys = 0;

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/rest`;
}

beforeAll(async () => {
  t = await startTestApp();
  base = await listening(t.app);
  agentCompany = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE email = $1', [DEMO.agent])).rows[0].company_id;
  otherCompany = (await t.db.query<{ company_id: number }>('SELECT min(company_id) AS company_id FROM orders WHERE company_id <> $1', [agentCompany])).rows[0].company_id;
});
afterAll(() => t?.close());

const open = (url: string, token: string | null) => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function stream(email: string, query = '', at = base) {
  const client = await sessionFor(t, email);
  const res = await open(`${at}/live/events${query}`, client.session.token);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events = sseReader(res);
  expect((await events.next()).event).toBe('ready');
  return events;
}

const credit = (db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, companyId: number) =>
  db.transaction((tx) => postMovement(tx, { kind: 'credit', companyId, amountCents: 100 }, { key: `test:live:${(keys += 1)}:${process.pid}`, at: t.clock.now() }));

const sellLead = (companyId: number) =>
  t.db.query(
    `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, price_cents, inserted_at)
     SELECT o.id, o.company_id, o.user_id, (SELECT min(id) FROM vendors), o.package_id, o.vertical, 'leads', 'Ada', 'Live', 1500, $2
       FROM orders o WHERE o.company_id = $1 AND o.product = 'leads' ORDER BY o.id LIMIT 1`,
    [companyId, t.clock.now()]);

describe('the event stream', () => {
  test("a company's stream hears its balance, leads and calls, and nothing of another company", async () => {
    const events = await stream(DEMO.agent);
    await credit(t.db, otherCompany);
    await sellLead(otherCompany);
    await credit(t.db, agentCompany);
    const first = await events.next();
    expect(first).toEqual({ event: 'balance', data: JSON.stringify({ companyId: agentCompany, kind: 'balance' }) });

    await sellLead(agentCompany);
    expect((await events.next()).event).toBe('lead');
    await t.db.query(`UPDATE calls SET duration_seconds = duration_seconds WHERE id = (SELECT min(id) FROM calls WHERE company_id = $1)`, [agentCompany]);
    expect((await events.next()).event).toBe('call');
    expect(events.pending()).toBe(0);
    await events.close();
  });

  test('an admin may watch any company; an agent only their own', async () => {
    const admin = await stream(DEMO.admin, `?company=${otherCompany}`);
    await credit(t.db, otherCompany);
    expect((await admin.next()).event).toBe('balance');
    await admin.close();

    const agent = await sessionFor(t, DEMO.agent);
    expect((await open(`${base}/live/events?company=${otherCompany}`, agent.session.token)).status).toBe(403);
    expect((await open(`${base}/live/events?company=${agentCompany}`, agent.session.token)).status).toBe(200);
    const vendor = await sessionFor(t, DEMO.vendor);
    expect((await open(`${base}/live/events`, vendor.session.token)).status).toBe(403);
    expect((await open(`${base}/live/events`, null)).status).toBe(401);
    expect((await open(`${base}/live/events?company=x`, agent.session.token)).status).toBe(400);
  });

  test('a closed stream stops listening', async () => {
    const before = t.ctx.live.size;
    const events = await stream(DEMO.agent);
    expect(t.ctx.live.size).toBe(before + 1);
    await events.close();
    await expect.poll(() => t.ctx.live.size).toBe(before);
  });
});

const url = process.env.DATABASE_URL;

/** Two app instances on one PostgreSQL: a change written through one reaches a stream on the other. */
describe.runIf(url)('across instances (PostgreSQL)', () => {
  let b: { app: FastifyInstance; ctx: AppContext; base: string };
  beforeAll(async () => {
    const database = (await t.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
    const ctx = await createContext(testConfig(), { db: openPostgres(withDatabase(url!, database), 2), clock: t.clock });
    const app = await buildApp(ctx);
    b = { app, ctx, base: await listening(app) };
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.ctx.db.close();
  });

  test('a sale through instance A reaches the stream held by instance B, and only its company', async () => {
    const events = await stream(DEMO.agent, '', b.base);
    await sellLead(otherCompany);
    const start = performance.now();
    await sellLead(agentCompany);
    expect((await events.next()).event).toBe('lead');
    console.info(`instance B pushed the sale ${(performance.now() - start).toFixed(1)} ms after instance A wrote it`);
    await credit(b.ctx.db, agentCompany);
    expect((await events.next()).event).toBe('balance');
    expect(events.pending()).toBe(0);
    await events.close();
  });
});
