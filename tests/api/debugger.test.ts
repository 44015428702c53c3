import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_VENDOR_TOKENS, LIVE_MSG } from '../../src/domain/debugger/messages';
import { basicAuthorization } from '../../src/domain/debugger/paths';
import { hashToken } from '../../src/server/services/tokens';
import { DEMO, sessionFor } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The vendor API debugger's own endpoints: sample leads, the vendor's tokens, the proxy to /v2. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('sample leads', () => {
  test('auto and home leads are realistic, varied, and repeatable with a seed', async () => {
    const vendor = await sessionFor(t, DEMO.vendor);
    const auto = (await vendor.GET('/debug/lead/{vertical}', { params: { path: { vertical: 'auto' } } })).data!;
    expect(auto.vertical).toBe('autoins');
    expect(auto.lead).toMatchObject({ first_name: expect.any(String), last_name: expect.any(String), address1: expect.any(String) });
    expect(auto.lead.zip).toMatch(/^\d{5}$/);
    expect(auto.lead.state).toMatch(/^[A-Z]{2}$/);
    expect(auto.lead.home_phone).toMatch(/^\d{10}$/);
    expect(auto.lead.email).toMatch(/^[a-z.0-9]+@[a-z.]+$/);
    expect((auto.lead as unknown as Record<string, unknown[]>).vehicles.length).toBeGreaterThan(0);
    const home = (await vendor.GET('/debug/lead/{vertical}', { params: { path: { vertical: 'home' } } })).data!;
    expect(home.vertical).toBe('homeins');
    expect(home.lead).toHaveProperty('year_built');

    const names = new Set<string>();
    for (let i = 0; i < 8; i++) names.add(JSON.stringify((await vendor.GET('/debug/lead/{vertical}', { params: { path: { vertical: 'auto' } } })).data!.lead));
    expect(names.size).toBe(8);
    const seeded = () => vendor.GET('/debug/lead/{vertical}', { params: { path: { vertical: 'home' }, query: { seed: 42 } } });
    expect((await seeded()).data).toEqual((await seeded()).data);
  });

  test('only vendors and admins ask; an unknown vertical is 400', async () => {
    const agent = await sessionFor(t, DEMO.agent);
    expect((await agent.GET('/debug/lead/{vertical}', { params: { path: { vertical: 'auto' } } })).response.status).toBe(403);
    const admin = await sessionFor(t, DEMO.admin);
    expect((await admin.GET('/debug/lead/{vertical}', { params: { path: { vertical: 'auto' } } })).response.status).toBe(200);
    const vendor = await sessionFor(t, DEMO.vendor);
    expect((await vendor.GET('/debug/lead/{vertical}', { params: { path: { vertical: 'boat' as 'auto' } } })).response.status).toBe(400);
  });
});

describe("the vendor's tokens", () => {
  test('a new token is shown once; the list shows its hint only; a sixth revokes the oldest', async () => {
    const vendor = await sessionFor(t, DEMO.vendor);
    const before = (await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).data!;
    const res = await vendor.POST('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } });
    expect(res.response.status).toBe(201);
    const issued = res.data!;
    expect(issued).toMatchObject({ type: 'sales', token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/) });
    expect(issued.hint).toBe(issued.token!.slice(-4));
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM vendor_api_keys WHERE id = $1', [issued.id]);
    expect(stored.rows[0].token_hash).toBe(hashToken(issued.token!));

    const list = (await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).data!;
    expect(list.vendorId).toBe(before.vendorId);
    expect(list.apis[0]).toEqual({ ...issued, token: null });
    expect(list.apis.every((a) => a.token === null)).toBe(true);

    for (let i = 0; i < MAX_VENDOR_TOKENS; i++) await vendor.POST('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } });
    const after = (await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: String(list.vendorId) } } })).data!;
    expect(after.apis).toHaveLength(MAX_VENDOR_TOKENS);
    expect(after.apis.map((a) => a.id)).not.toContain(issued.id);
  });

  test("another vendor's tokens are 403; an admin sees any vendor's; an agent none", async () => {
    const vendor = await sessionFor(t, DEMO.vendor);
    const own = (await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).data!.vendorId;
    const other = (await t.db.query<{ id: number }>('SELECT id FROM vendors WHERE id <> $1 ORDER BY id LIMIT 1', [own])).rows[0].id;
    expect((await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: String(other) } } })).response.status).toBe(403);
    expect((await vendor.POST('/vendors/{vendor}/apis', { params: { path: { vendor: String(other) } } })).response.status).toBe(403);
    const admin = await sessionFor(t, DEMO.admin);
    expect((await admin.GET('/vendors/{vendor}/apis', { params: { path: { vendor: String(other) } } })).response.status).toBe(200);
    expect((await admin.GET('/vendors/{vendor}/apis', { params: { path: { vendor: '99999' } } })).response.status).toBe(404);
    expect((await admin.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).error).toMatchObject({ error: LIVE_MSG.notVendor });
    const agent = await sessionFor(t, DEMO.agent);
    expect((await agent.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).response.status).toBe(403);
    expect((await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'you' } } })).response.status).toBe(400);
  });
});

describe('the proxy', () => {
  test('forwards to the real /v2 route with the Basic header and answers with its status and body', async () => {
    const vendor = await sessionFor(t, DEMO.vendor);
    const res = await vendor.POST('/debug/proxy', {
      body: { path: '/v2/ping', headers: { authorization: basicAuthorization('not-a-token') }, body: { vertical: 'autoins', zipcode: '60614' } },
    });
    expect(res.response.status).toBe(200);
    // The route exists and refused the made-up token (or is not written yet): never the proxy's own 404.
    expect(res.data!.status).not.toBe(404);
    expect(res.data!.durationMs).toBeGreaterThanOrEqual(0);
    const malformed = await vendor.POST('/debug/proxy', { body: { path: '/v2/post', headers: {}, body: { vertical: 'boats' } } });
    expect(malformed.data!.status).toBe(400);
  });

  test('any other path is 400 on path and changes nothing', async () => {
    const vendor = await sessionFor(t, DEMO.vendor);
    const before = await snapshot(t.db);
    for (const path of ['/users/all', '/v2/ping/../../users', '/v2/pingpost/', 'http://example.com/v2/ping', '/v2/calls/post/a/b']) {
      const res = await vendor.POST('/debug/proxy', { body: { path, headers: {}, body: {} } });
      expect(res.response.status, path).toBe(400);
      expect(res.error, path).toMatchObject({ errors: [{ field: 'path', message: LIVE_MSG.proxyPath }] });
    }
    expect(await snapshot(t.db)).toEqual(before);
    const agent = await sessionFor(t, DEMO.agent);
    expect((await agent.POST('/debug/proxy', { body: { path: '/v2/ping', headers: {}, body: {} } })).response.status).toBe(403);
  });
});
