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
  test('a new token is shown once; the list shows its hint only', async () => {
    const vendor = await sessionFor(t, DEMO.vendor);
    const before = (await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).data!;
    const res = await vendor.POST('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } }, body: {} });
    expect(res.response.status).toBe(201);
    const issued = res.data!;
    expect(issued).toMatchObject({ type: 'sales', token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/), revoked: null });
    expect(issued.hint).toBe(issued.token.slice(-4));
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM vendor_api_keys WHERE id = $1', [issued.id]);
    expect(stored.rows[0].token_hash).toBe(hashToken(issued.token));

    const list = (await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).data!;
    expect(list.vendorId).toBe(before.vendorId);
    const { revoked, ...shown } = issued;
    void revoked;
    expect(list.apis[0]).toEqual({ ...shown, token: null });
    expect(list.apis.every((a) => a.token === null)).toBe(true);
  });

  test('with five live, issuing revokes only the oldest it names; without naming it, nothing changes', async () => {
    // An admin issues for another vendor (the demo vendor's token stays live for the tests below).
    const admin = await sessionFor(t, DEMO.admin);
    const own = (await (await sessionFor(t, DEMO.vendor)).GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).data!.vendorId;
    const other = String((await t.db.query<{ id: number }>('SELECT id FROM vendors WHERE id <> $1 ORDER BY id LIMIT 1', [own])).rows[0].id);
    const issue = (revokes?: number | null) =>
      admin.POST('/vendors/{vendor}/apis', { params: { path: { vendor: other } }, body: revokes === undefined ? {} : { revokes } });
    const live = async () => (await admin.GET('/vendors/{vendor}/apis', { params: { path: { vendor: other } } })).data!.apis;
    while ((await live()).length < MAX_VENDOR_TOKENS) expect((await issue()).response.status).toBe(201);
    const full = await live();
    const oldest = full.at(-1)!;

    const before = await snapshot(t.db);
    for (const revokes of [undefined, null, full[0].id]) {
      const refused = await issue(revokes);
      expect(refused.response.status, String(revokes)).toBe(409);
      const message = LIVE_MSG.revokeUnconfirmed(oldest.hint);
      expect(refused.error).toMatchObject({ error: message, code: 'revoke_unconfirmed', errors: [{ field: 'revokes', message }] });
    }
    expect(await snapshot(t.db)).toEqual(before);

    const done = await issue(oldest.id);
    expect(done.response.status).toBe(201);
    expect(done.data!.revoked).toEqual(oldest);
    const after = await live();
    expect(after.map((a) => a.id)).toEqual([done.data!.id, ...full.slice(0, -1).map((a) => a.id)]);
    // Naming a token when none would be revoked is refused too (a stale confirmation).
    await t.db.query('UPDATE vendor_api_keys SET revoked_at = $2 WHERE id = $1', [after[0].id, t.clock.now()]);
    expect((await issue(after.at(-1)!.id)).error).toMatchObject({ error: LIVE_MSG.revokeUnconfirmed(null), code: 'revoke_unconfirmed' });
  });

  test("another vendor's tokens are 403; an admin sees any vendor's; an agent none", async () => {
    const vendor = await sessionFor(t, DEMO.vendor);
    const own = (await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).data!.vendorId;
    const other = (await t.db.query<{ id: number }>('SELECT id FROM vendors WHERE id <> $1 ORDER BY id LIMIT 1', [own])).rows[0].id;
    expect((await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: String(other) } } })).response.status).toBe(403);
    expect((await vendor.POST('/vendors/{vendor}/apis', { params: { path: { vendor: String(other) } }, body: {} })).response.status).toBe(403);
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

describe('the debugger signs with the existing token and never spends it', () => {
  const TOKEN = 'demo-sales-demo-vendor';
  const LEAD = { vertical: 'autoins', zipcode: '78209', state: 'TX', age: 41, vehicles: 1, housing: 'own' };
  const keys = () => t.db.query('SELECT id, vendor_id, token_hash, revoked_at FROM vendor_api_keys ORDER BY id').then((r) => r.rows);
  const direct = () => t.request({ method: 'POST', url: '/rest/v2/ping', headers: { authorization: basicAuthorization(TOKEN) }, payload: LEAD });

  test("a ping and a post signed by a live token's id reach the vendor API as that vendor; no token is made or revoked", async () => {
    const vendor = await sessionFor(t, DEMO.vendor);
    const apis = (await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).data!.apis;
    const demo = (await t.db.query<{ id: number }>('SELECT id FROM vendor_api_keys WHERE token_hash = $1', [hashToken(TOKEN)])).rows[0];
    expect(apis.map((a) => a.id)).toContain(demo.id);
    const before = await keys();

    const ping = (await vendor.POST('/debug/proxy', { body: { path: '/v2/ping', headers: {}, body: LEAD, apiId: demo.id } })).data!;
    expect(ping.status).toBe(200);
    const pinged = ping.body as { ping_id: string };
    const post = (await vendor.POST('/debug/proxy', {
      body: { path: `/v2/pingpost/${pinged.ping_id}`, headers: {}, body: { ...LEAD, first_name: 'Ann', last_name: 'Lee', home_phone: '2105550123' }, apiId: demo.id },
    })).data!;
    // Answered about the ping (sold, unsold or expired): never a refused token.
    expect(post.status).not.toBe(401);
    // A typed authorization does not override the chosen token.
    const typed = (await vendor.POST('/debug/proxy', { body: { path: '/v2/ping', headers: { authorization: basicAuthorization('not-a-token') }, body: LEAD, apiId: demo.id } })).data!;
    expect(typed.status).toBe(200);

    const { rows } = await t.db.query<{ vendor_id: number }>('SELECT vendor_id FROM engine_pings WHERE id = $1', [pinged.ping_id]);
    expect(rows[0].vendor_id).toBe((await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).data!.vendorId);
    expect(await keys()).toEqual(before);
    expect((await direct()).statusCode).toBe(200);
  });

  test("a token that is not live is 400 on apiId, another vendor's is 403, and a made-up grant is a 401 of the vendor API", async () => {
    const vendor = await sessionFor(t, DEMO.vendor);
    const own = (await vendor.GET('/vendors/{vendor}/apis', { params: { path: { vendor: 'me' } } })).data!.vendorId;
    const other = (await t.db.query<{ id: number }>('SELECT id FROM vendor_api_keys WHERE vendor_id <> $1 AND revoked_at IS NULL ORDER BY id LIMIT 1', [own])).rows[0].id;
    const pings = () => t.db.query('SELECT count(*)::int AS n FROM engine_pings').then((r) => r.rows[0]);
    const before = [await keys(), await pings()];
    const gone = await vendor.POST('/debug/proxy', { body: { path: '/v2/ping', headers: {}, body: LEAD, apiId: 999_999 } });
    expect(gone.response.status).toBe(400);
    expect(gone.error).toMatchObject({ errors: [{ field: 'apiId', message: LIVE_MSG.tokenNotLive }] });
    expect((await vendor.POST('/debug/proxy', { body: { path: '/v2/ping', headers: {}, body: LEAD, apiId: other } })).response.status).toBe(403);
    expect([await keys(), await pings()]).toEqual(before);
    const forged = await t.request({ method: 'POST', url: '/rest/v2/ping', headers: { authorization: 'Debugger abcdefghijklmnopqrstuvwxyz' }, payload: LEAD });
    expect(forged.statusCode).toBe(401);
    expect((await direct()).statusCode).toBe(200);
  });
});
