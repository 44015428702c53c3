import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DELIVERY_DESIGNED_MSG as M, DELIVERY_MSG, testCallMessage } from '../../src/domain/orders/delivery-messages';
import { deliveryDeps, sendTestLead, type DeliveryDeps, type Telephony } from '../../src/server/services/delivery';
import { TEST_LEADS_PER_HOUR } from '../../src/server/services/delivery/send';
import { TEST_CALLS_PER_HOUR } from '../../src/server/services/delivery/test-call';
import { isPrivateAddress, postJson } from '../../src/server/services/delivery/webhook';
import { DEMO, addUser, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let sandbox: Telephony & { calls: Array<{ to: string; userId: number }> };
beforeAll(async () => {
  t = await startTestApp({ deliveryAllowPrivateHosts: true, deliveryTimeoutMs: 500 });
  sandbox = t.ctx.telephony as typeof sandbox;
});
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------
// A receiving server on this machine, answering as each test tells it.

interface Received {
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}
let receiver: Server | null = null;
async function listen(answer: (req: IncomingMessage, res: ServerResponse, body: string) => unknown) {
  const received: Received[] = [];
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(body || '{}') });
      void answer(req, res, body);
    });
  });
  await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`, received };
}
afterEach(async () => {
  receiver?.closeAllConnections();
  await new Promise((r) => (receiver ? receiver.close(r) : r(null)));
  receiver = null;
});

const deps = (over: Partial<DeliveryDeps> = {}): DeliveryDeps => ({ ...deliveryDeps(t.ctx), ...over });
let nextUser = 1000;
const who = () => ({ userId: nextUser++, orderId: 7, vertical: 'autoins' as const });

describe('sendTestLead (POST /orders/{id}/test-distribution)', () => {
  test('email: one test mail per address through the outbox, then "test lead sent"', async () => {
    const r = await sendTestLead(deps(), { type: 'email', emails: [' one@agency.test', 'two@agency.test '] }, who());
    expect(r).toEqual({ ok: true, message: DELIVERY_MSG.testLeadSent });
    const { rows } = await t.db.query<{ to_address: string; subject: string; text_body: string; status: string }>(
      `SELECT to_address, subject, text_body, status FROM mail_outbox WHERE to_address LIKE '%@agency.test' ORDER BY id`,
    );
    expect(rows.map((m) => [m.to_address, m.subject, m.status])).toEqual([
      ['one@agency.test', 'Test lead: Auto insurance', 'kept'],
      ['two@agency.test', 'Test lead: Auto insurance', 'kept'],
    ]);
    expect(rows[0].text_body).toContain('This is a TEST lead');
  });

  test('a webhook channel POSTs the lead as JSON: ids in the body, the secret only in a header', async () => {
    const { url, received } = await listen((_q, res) => res.writeHead(201).end('ok'));
    const r = await sendTestLead(deps(), { type: 'boberdoo', postUrl: url, apiKey: 's3cret', sourceCode: 'SRC-1' }, { ...who(), vertical: 'homeins' });
    expect(r).toEqual({ ok: true, message: 'test lead sent' });
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received;
    expect(headers['content-type']).toBe('application/json');
    expect(headers.authorization).toBe('Bearer s3cret');
    expect(headers['x-leadline-channel']).toBe('boberdoo');
    expect(body).toMatchObject({ channel: 'boberdoo', test: true, account: { sourceCode: 'SRC-1' }, lead: { vertical: 'homeins', test: true } });
    expect(JSON.stringify(body)).not.toContain('s3cret');
  });

  test('blitz sends its blitz_ProviderId', async () => {
    const { url, received } = await listen((_q, res) => res.writeHead(200).end());
    expect((await sendTestLead(deps(), { type: 'blitz', postUrl: url, blitz_ProviderId: 'PRV-9' }, who())).ok).toBe(true);
    expect(received[0].body.account).toEqual({ blitz_ProviderId: 'PRV-9' });
  });

  test('no database transaction is held while the receiving server thinks', async () => {
    // The receiver reads the database before answering; a transaction held across the POST
    // would keep PGlite's one connection (or a row) and this would time out instead.
    const { url } = await listen(async (_q, res) => {
      await t.db.query('SELECT count(*) FROM mail_outbox');
      res.writeHead(204).end();
    });
    expect((await sendTestLead(deps({ webhookTimeoutMs: 5000 }), { type: 'lead_lake', postUrl: url }, who())).ok).toBe(true);
  });

  test('a failing receiver is a 422 with the reason; a redirect is not followed', async () => {
    const failing = await listen((_q, res) => res.writeHead(500).end('boom'));
    expect(await sendTestLead(deps(), { type: 'drips_direct', postUrl: failing.url, apiKey: 'k' }, who())).toEqual({
      ok: false,
      status: 422,
      code: 'delivery_failed',
      message: `${M.webhookFailed} (HTTP 500)`,
    });
    const redirect = await postJson(failing.url, {}, { timeoutMs: 500, allowPrivateHosts: true });
    expect(redirect).toMatchObject({ ok: false, status: 500 });
  });

  test('a redirect counts as a failure and is not followed', async () => {
    const { url, received } = await listen((_q, res) => res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end());
    const r = await sendTestLead(deps(), { type: 'hearsay', postUrl: url, organizationId: 'org' }, who());
    expect(r).toMatchObject({ ok: false, status: 422, message: `${M.webhookFailed} (HTTP 302)` });
    expect(received).toHaveLength(1);
  });

  test('a receiver that does not answer in time is a timeout', async () => {
    const { url } = await listen(() => {}); // never answers
    const r = await sendTestLead(deps({ webhookTimeoutMs: 150 }), { type: 'eagent', postUrl: url, agentId: 'A1' }, who());
    expect(r).toEqual({ ok: false, status: 422, code: 'delivery_failed', message: M.webhookTimeout });
  });

  test('a receiver that is not there is a network failure', async () => {
    const r = await sendTestLead(deps(), { type: 'lml', postUrl: 'http://127.0.0.1:1/x', accountId: 'a' }, who());
    expect(r).toMatchObject({ ok: false, status: 422, code: 'delivery_failed' });
  });

  test('private and loopback addresses are refused unless the server allows them; nothing is sent', async () => {
    const { url, received } = await listen((_q, res) => res.writeHead(200).end());
    const strict = deps({ allowPrivateHosts: false });
    for (const postUrl of [url, url.replace('127.0.0.1', 'localhost'), 'http://10.1.2.3/x', 'http://[::1]/x', 'http://[::ffff:127.0.0.1]/x', 'http://169.254.169.254/latest'])
      expect(await sendTestLead(strict, { type: 'lead_lake', postUrl }, who()), postUrl).toEqual({
        ok: false,
        status: 422,
        code: 'delivery_failed',
        message: M.webhookRefusedHost,
      });
    expect(received).toHaveLength(0);
    expect(['127.0.0.1', '10.0.0.1', '172.31.0.1', '192.168.1.1', '169.254.1.1', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1'].every(isPrivateAddress)).toBe(true);
    expect(['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888', 'example.com'].some(isPrivateAddress)).toBe(false);
  });

  test('an invalid form is a 400 with field errors and sends and writes nothing', async () => {
    const { received } = await listen((_q, res) => res.writeHead(200).end());
    const before = await snapshot(t.db);
    const r = await sendTestLead(deps(), { type: 'blitz', postUrl: 'ftp://x', blitz_ProviderId: '' }, who());
    expect(r).toEqual({
      ok: false,
      status: 400,
      message: M.urlInvalid,
      errors: [
        { field: 'distribution.postUrl', message: M.urlInvalid },
        { field: 'distribution.blitz_ProviderId', message: M.required },
      ],
    });
    const emails = Array.from({ length: 11 }, (_, i) => `a${i}@x.test`);
    expect(await sendTestLead(deps(), { type: 'email', emails }, who())).toMatchObject({ status: 400, errors: [{ field: 'distribution.emails', message: M.emailsMax }] });
    expect(await sendTestLead(deps(), { type: 'email', emails: ['a@x.test', 'A@x.test'] }, who())).toMatchObject({ status: 400, errors: [{ field: 'distribution.emails[1]', message: M.emailDuplicate }] });
    expect(await snapshot(t.db)).toEqual(before);
    expect(received).toHaveLength(0);
  });

  test(`one user may send ${TEST_LEADS_PER_HOUR} test leads an hour`, async () => {
    const me = who();
    const email = { type: 'email' as const, emails: ['limit@agency.test'] };
    for (let i = 0; i < TEST_LEADS_PER_HOUR; i++) expect((await sendTestLead(deps(), email, me)).ok).toBe(true);
    expect(await sendTestLead(deps(), email, me)).toEqual({ ok: false, status: 429, code: 'throttled', message: M.testLeadsThrottled });
    t.clock.advanceSeconds(3600);
    expect((await sendTestLead(deps(), email, me)).ok).toBe(true);
  });
});

describe('POST /live-calls/test', () => {
  test("rings the number through the telephony interface: 'Currently calling {phone} please check your phone'", async () => {
    const agent = await sessionFor(t, DEMO.agent);
    const res = await agent.POST('/live-calls/test', { body: { phoneNumber: '(312) 555-0100' } });
    expect(res.response.status).toBe(200);
    expect(res.data?.message).toBe(testCallMessage('(312) 555-0100'));
    expect(res.data?.message).toBe('Currently calling (312) 555-0100 please check your phone');
    const me = await userId(t, DEMO.agent);
    expect(sandbox.calls.at(-1)).toMatchObject({ to: '3125550100', userId: me, callId: res.data?.callId });
    const { rows } = await t.db.query<{ detail: { to: string } }>(`SELECT detail FROM audit_log WHERE action = 'live_call.test' AND user_id = $1`, [me]);
    expect(rows.map((r) => r.detail.to)).toEqual(['3125550100']);
  });

  test('a number without 10 digits is a 400 on phoneNumber; no call, nothing written', async () => {
    const agent = await sessionFor(t, DEMO.agent);
    const calls = sandbox.calls.length;
    const before = await snapshot(t.db);
    for (const phoneNumber of ['312555010', '13125550100', '312-555-01OO', ' ']) {
      const res = await agent.POST('/live-calls/test', { body: { phoneNumber } });
      expect(res.response.status, phoneNumber).toBe(400);
      expect(res.error?.errors).toEqual([{ field: 'phoneNumber', message: M.destinationNumber }]);
    }
    expect(sandbox.calls.length).toBe(calls);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('users, admins and regional managers may test; vendors and corporate may not; nobody is 401', async () => {
    for (const email of [DEMO.regional, DEMO.admin, DEMO.superAdmin])
      expect((await (await sessionFor(t, email)).POST('/live-calls/test', { body: { phoneNumber: '3125550101' } })).response.status, email).toBe(200);
    for (const email of [DEMO.vendor, DEMO.corporate])
      expect((await (await sessionFor(t, email)).POST('/live-calls/test', { body: { phoneNumber: '3125550101' } })).response.status, email).toBe(403);
    expect((await t.client().POST('/live-calls/test', { body: { phoneNumber: '3125550101' } })).response.status).toBe(401);
  });

  test('a call the provider refuses shows the server message', async () => {
    const u = await addUser(t, { role: 'user' });
    const client = await sessionFor(t, u.email);
    const real = t.ctx.telephony;
    t.ctx.telephony = { ...real, placeTestCall: () => Promise.reject(new Error('provider down')) };
    try {
      const res = await client.POST('/live-calls/test', { body: { phoneNumber: '3125550102' } });
      expect(res.response.status).toBe(422);
      expect(res.error).toMatchObject({ error: M.testCallFailed, code: 'call_failed' });
    } finally {
      t.ctx.telephony = real;
    }
  });

  test(`one user may place ${TEST_CALLS_PER_HOUR} test calls an hour`, async () => {
    const u = await addUser(t, { role: 'user' });
    const client = await sessionFor(t, u.email);
    for (let i = 0; i < TEST_CALLS_PER_HOUR; i++) expect((await client.POST('/live-calls/test', { body: { phoneNumber: '3125550103' } })).response.status).toBe(200);
    const res = await client.POST('/live-calls/test', { body: { phoneNumber: '3125550103' } });
    expect(res.response.status).toBe(429);
    expect(res.error).toMatchObject({ error: M.testCallsThrottled, code: 'throttled' });
  });
});
