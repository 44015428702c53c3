import { afterAll, beforeAll, expect, test } from 'vitest';
import { basicAuthorization } from '../../src/domain/debugger/paths';
import { callBody, pingBody, postBody } from '../../src/domain/debugger/requests';
import { runLiveCalls } from '../../src/server/services/calls/progress';
import { createSandboxTelephony } from '../../src/server/services/delivery/telephony';
import { getBalance, postMovement } from '../../src/server/services/ledger';
import { AROUND_THE_CLOCK } from '../../src/server/seed/marketplace';
import { DEMO, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The "done when", at the API: a vendor pings and then posts a lead through the
 * debugger's proxy to the real /v2 routes, the buyer's balance pays the price; a call is
 * matched, posted, and the simulator connects and completes it, charged once.
 */
let t: TestApp;
const TOKEN = 'demo-sales-demo-vendor';
beforeAll(async () => {
  t = await startTestApp();
  // The demo orders' schedules are on in working hours: the test runs on the next Wednesday at 11:00 in Texas.
  const now = t.clock.now();
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 17));
  while (target <= now || target.getUTCDay() !== 3) target.setUTCDate(target.getUTCDate() + 1);
  t.clock.advance(target.getTime() - now.getTime());
  t.ctx.telephony = createSandboxTelephony({ plan: () => ({ ringSeconds: 4, answered: true, talkSeconds: 150 }) });
});
afterAll(() => t?.close());

/** A sample lead of a seed whose ZIP some order buys now (TX auto leads in the demo). */
async function matchedSample(vendor: Awaited<ReturnType<typeof sessionFor>>, headers: Record<string, string>, path: '/v2/ping' | '/v2/calls/match') {
  const reasons: string[] = [];
  for (let seed = 0; seed < 200; seed++) {
    const sample = (await vendor.GET('/debug/lead/{vertical}', { params: { path: { vertical: 'auto' }, query: { seed } } })).data!;
    if (sample.lead.state !== 'TX') continue;
    const body = path === '/v2/ping' ? pingBody(sample.vertical, sample.lead, t.clock.now()) : callBody(sample.vertical, sample.lead, t.clock.now());
    const answer = (await vendor.POST('/debug/proxy', { body: { path, headers, body } })).data!;
    if ((answer.body as { matched?: boolean }).matched) return { sample, answer: answer.body as Record<string, unknown> };
    reasons.push(JSON.stringify(answer.body));
  }
  console.info(reasons.slice(0, 3).join('\n'));
  throw new Error('no sample lead matched');
}

/** Each test tries up to 200 sample leads through the debugger's proxy until one matches. */
const SAMPLING = { timeout: 90_000 };

test('ping then post a lead through the debugger: sold, and its price taken from the buyer', SAMPLING, async () => {
  const vendor = await sessionFor(t, DEMO.vendor);
  const headers = { authorization: basicAuthorization(TOKEN) };
  const { sample, answer: ping } = await matchedSample(vendor, headers, '/v2/ping');
  const companies = (await t.db.query<{ id: number }>('SELECT id FROM companies ORDER BY id')).rows.map((r) => r.id);
  const before = new Map(await Promise.all(companies.map(async (c) => [c, await getBalance(t.db, c)] as const)));

  const post = await vendor.POST('/debug/proxy', { body: { path: `/v2/pingpost/${String(ping.ping_id)}`, headers, body: postBody(sample.vertical, sample.lead, t.clock.now()) } });
  expect(post.data!.status).toBe(200);
  const sale = post.data!.body as { sold: boolean; lead_ids: number[]; price_cents: number };
  expect(sale.sold).toBe(true);
  const { rows } = await t.db.query<{ company_id: number; price_cents: number; first_name: string }>('SELECT company_id, price_cents, first_name FROM leads WHERE id = ANY($1)', [sale.lead_ids]);
  expect(rows[0].first_name).toBe(sample.lead.first_name);
  for (const r of rows) expect(await getBalance(t.db, r.company_id)).toBe(before.get(r.company_id)! - r.price_cents);
  console.info(`lead sold to company ${rows.map((r) => r.company_id).join(', ')} at ${rows.map((r) => r.price_cents).join(', ')} cents`);
});

test('match then post a call: pending-connection, connected and completed by the simulator, charged once', SAMPLING, async () => {
  // The demo's calls still ringing or connected hold the orders' one concurrent slot: the
  // simulator plays them out first.
  const deps = { db: t.db, clock: t.clock, telephony: t.ctx.telephony };
  t.clock.advanceMinutes(15);
  await runLiveCalls(deps);
  expect((await t.db.query(`SELECT id FROM calls WHERE status IN ('in-progress','pending-connection')`)).rows).toEqual([]);
  // Money enough for a call at every call order's company (the demo's balances are small).
  for (const { company_id } of (await t.db.query<{ company_id: number }>(`SELECT DISTINCT company_id FROM orders WHERE product = 'calls'`)).rows)
    await t.db.transaction((tx) => postMovement(tx, { kind: 'credit', companyId: company_id, amountCents: 50_000 }, { key: `test:flow:${company_id}`, at: t.clock.now() }));
  const vendor = await sessionFor(t, DEMO.vendor);
  const headers = { authorization: basicAuthorization('demo-sales-callbridge') };
  const { answer: match } = await matchedSample(vendor, headers, '/v2/calls/match');
  const posted = await vendor.POST('/debug/proxy', { body: { path: `/v2/calls/post/${String(match.call_id)}`, headers, body: {} } });
  expect(posted.data!.status).toBe(200);
  const call = (posted.data!.body as { call: { id: number; status: string } }).call;
  expect(call.status).toBe('pending-connection');
  const row = (await t.db.query<{ company_id: number; price_cents: number; min_billable_seconds: number }>('SELECT company_id, price_cents, min_billable_seconds FROM calls WHERE id = $1', [call.id])).rows[0];
  const before = await getBalance(t.db, row.company_id);

  t.clock.advanceSeconds(4);
  await runLiveCalls(deps);
  expect((await t.db.query<{ status: string }>('SELECT status FROM calls WHERE id = $1', [call.id])).rows[0].status).toBe('in-progress');
  t.clock.advanceSeconds(150);
  await runLiveCalls(deps);
  const done = (await t.db.query<{ status: string; sold: boolean; duration_seconds: number }>('SELECT status, sold, duration_seconds FROM calls WHERE id = $1', [call.id])).rows[0];
  expect(done).toMatchObject({ status: 'completed', duration_seconds: 150, sold: 150 >= row.min_billable_seconds });
  expect(await getBalance(t.db, row.company_id)).toBe(before - (done.sold ? row.price_cents : 0));
  console.info(`call ${call.id} of company ${row.company_id}: ${row.price_cents} cents, billable from ${row.min_billable_seconds} s`);
});

test("on a Sunday at 3 a.m. the demo agent's around-the-clock order still buys the demo vendor's Texas auto lead", SAMPLING, async () => {
  // The next Sunday, 03:00 in Texas (09:00 UTC): outside every other demo order's schedule.
  const now = t.clock.now();
  const sunday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9));
  while (sunday <= now || sunday.getUTCDay() !== 0) sunday.setUTCDate(sunday.getUTCDate() + 1);
  t.clock.advance(sunday.getTime() - now.getTime());
  const vendor = await sessionFor(t, DEMO.vendor);
  const headers = { authorization: basicAuthorization(TOKEN) };
  const { sample, answer: ping } = await matchedSample(vendor, headers, '/v2/ping');
  const post = await vendor.POST('/debug/proxy', { body: { path: `/v2/pingpost/${String(ping.ping_id)}`, headers, body: {
    // Another consumer than the first test's sale (the same sample would be a duplicate).
    ...postBody(sample.vertical, sample.lead, t.clock.now()), home_phone: '2105550999', email: 'sunday.night@example.com' } } });
  const sale = post.data!.body as { sold: boolean; lead_ids: number[] };
  expect(sale.sold, JSON.stringify(sale)).toBe(true);
  const { rows } = await t.db.query<{ email: string; name: string }>(
    'SELECT u.email, o.name FROM leads l JOIN users u ON u.id = l.user_id JOIN orders o ON o.id = l.order_id WHERE l.id = $1', [sale.lead_ids[0]]);
  expect(rows[0]).toEqual({ email: DEMO.agent, name: AROUND_THE_CLOCK.name });
});
