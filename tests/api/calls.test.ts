import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallPlan } from '../../src/domain/calls/live';
import { callChargeKey, runLiveCalls } from '../../src/server/services/calls/progress';
import { createSandboxTelephony } from '../../src/server/services/delivery/telephony';
import { getBalance } from '../../src/server/services/ledger';
import { DEMO, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Live calls played out in time by the simulator, driven by the test clock: a call the
 * engine sold in 'pending-connection' rings, connects, and completes or is not answered;
 * a completed call that lasted its billable duration is charged once, and has a recording.
 */
let t: TestApp;
let agentCompany: number;
let otherCompany: number;
const plans = new Map<number, CallPlan>();

beforeAll(async () => {
  t = await startTestApp();
  t.ctx.telephony = createSandboxTelephony({ plan: (id) => plans.get(id) ?? { ringSeconds: 5, answered: true, talkSeconds: 120 } });
  agentCompany = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE email = $1', [DEMO.agent])).rows[0].company_id;
  otherCompany = (await t.db.query<{ company_id: number }>('SELECT min(company_id) AS company_id FROM orders WHERE company_id <> $1', [agentCompany])).rows[0].company_id;
});
afterAll(() => t?.close());

/** A call as the engine's post leaves it: sold to an order of the company, ringing. */
async function soldCall(companyId: number, plan: CallPlan, opts: { minBillable?: number; price?: number } = {}) {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO calls (order_id, company_id, vendor_id, status, min_billable_seconds, price_cents, phone, inserted_at)
     SELECT o.id, o.company_id, (SELECT min(id) FROM vendors), 'pending-connection', $2, $3, '3125550142', $4
       FROM orders o WHERE o.company_id = $1 ORDER BY o.id LIMIT 1 RETURNING id`,
    [companyId, opts.minBillable ?? 90, opts.price ?? 3500, t.clock.now()]);
  plans.set(rows[0].id, plan);
  return rows[0].id;
}

const callRow = async (id: number) =>
  (await t.db.query<{ status: string; duration_seconds: number; sold: boolean; charged_at: Date | null }>(
    'SELECT status, duration_seconds, sold, charged_at FROM calls WHERE id = $1', [id])).rows[0];
const charges = async (id: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1', [callChargeKey(id)])).rows[0].n;
const deps = () => ({ db: t.db, clock: t.clock, telephony: t.ctx.telephony });

describe('the call simulator', () => {
  test('a billable call rings, connects, completes, is charged once and has a recording', async () => {
    await t.db.query(`UPDATE calls SET status = 'completed' WHERE status IN ('in-progress','pending-connection')`);
    const before = await getBalance(t.db, agentCompany);
    const id = await soldCall(agentCompany, { ringSeconds: 6, answered: true, talkSeconds: 140 }, { minBillable: 90, price: 3500 });
    const agent = await sessionFor(t, DEMO.agent);

    t.clock.advanceSeconds(5);
    expect(await runLiveCalls(deps())).toEqual([]);
    expect((await callRow(id)).status).toBe('pending-connection');

    t.clock.advanceSeconds(1);
    expect(await runLiveCalls(deps())).toEqual([{ callId: id, status: 'in-progress', charged: false }]);
    const live = await agent.GET('/live-calls/call/{callId}', { params: { path: { callId: id } } });
    expect(live.data).toMatchObject({ _id: id, status: 'in-progress', sold: false, recording: null });

    t.clock.advanceSeconds(139);
    expect(await runLiveCalls(deps())).toEqual([]);
    t.clock.advanceSeconds(1);
    expect(await runLiveCalls(deps())).toEqual([{ callId: id, status: 'completed', charged: true }]);
    expect(await callRow(id)).toMatchObject({ status: 'completed', duration_seconds: 140, sold: true });
    expect(await getBalance(t.db, agentCompany)).toBe(before - 3500);
    expect(await charges(id)).toBe(1);

    // Nothing more happens to it, however often the worker runs.
    t.clock.advanceSeconds(600);
    expect(await runLiveCalls(deps())).toEqual([]);
    expect(await getBalance(t.db, agentCompany)).toBe(before - 3500);

    const done = await agent.GET('/live-calls/call/{callId}', { params: { path: { callId: id } } });
    expect(done.data).toMatchObject({ status: 'completed', duration: 140, minBillableDuration: 90, sold: true, recording: `/rest/live-calls/call/${id}/recording` });
    const audio = await t.request({ method: 'GET', url: `/rest/live-calls/call/${id}/recording`, token: agent.session.token });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    const bytes = audio.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    // The recording lasts as long as the call: its data chunk holds 140 s at the header's byte rate.
    const byteRate = bytes.readUInt32LE(28);
    expect(bytes.subarray(36, 40).toString('latin1')).toBe('data');
    expect(bytes.readUInt32LE(40) / byteRate).toBe(140);
    expect(bytes.length).toBe(44 + 140 * byteRate);
  });

  test('a call shorter than its billable duration completes unsold and uncharged, with a recording', async () => {
    const before = await getBalance(t.db, agentCompany);
    const id = await soldCall(agentCompany, { ringSeconds: 3, answered: true, talkSeconds: 89 }, { minBillable: 90 });
    t.clock.advanceSeconds(3 + 89);
    // Found late: both steps in one round.
    expect(await runLiveCalls(deps())).toEqual([
      { callId: id, status: 'in-progress', charged: false },
      { callId: id, status: 'completed', charged: false },
    ]);
    expect(await callRow(id)).toMatchObject({ status: 'completed', duration_seconds: 89, sold: false, charged_at: null });
    expect(await charges(id)).toBe(0);
    expect(await getBalance(t.db, agentCompany)).toBe(before);
    const agent = await sessionFor(t, DEMO.agent);
    expect((await t.request({ method: 'GET', url: `/rest/live-calls/call/${id}/recording`, token: agent.session.token })).statusCode).toBe(200);
  });

  test('exactly the billable duration is billable', async () => {
    const id = await soldCall(agentCompany, { ringSeconds: 3, answered: true, talkSeconds: 90 }, { minBillable: 90 });
    t.clock.advanceSeconds(93);
    await runLiveCalls(deps());
    expect(await callRow(id)).toMatchObject({ status: 'completed', sold: true });
    expect(await charges(id)).toBe(1);
  });

  test("a call counts in the report rollups once it is charged, and a call too short never does", async () => {
    // The call's lead row as the engine's match writes it: not billed yet.
    const withLead = async (plan: CallPlan) => {
      const id = await soldCall(agentCompany, plan, { minBillable: 90, price: 4100 });
      await t.db.query(
        `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, call_id, vertical, product, first_name, last_name, price_cents, inserted_at, billed)
         SELECT c.order_id, c.company_id, o.user_id, c.vendor_id, o.package_id, c.id, o.vertical, 'calls', 'Cal', 'Ler', c.price_cents, c.inserted_at, false
           FROM calls c JOIN orders o ON o.id = c.order_id WHERE c.id = $1`, [id]);
      return id;
    };
    const order = (await t.db.query<{ id: number }>('SELECT id FROM orders WHERE company_id = $1 ORDER BY id LIMIT 1', [agentCompany])).rows[0].id;
    const rollup = async () => (await t.db.query<{ sold: number; spend: number }>(
      'SELECT coalesce(sum(sold), 0)::int AS sold, coalesce(sum(spend_cents), 0)::int AS spend FROM lead_rollup_daily WHERE order_id = $1', [order])).rows[0];
    const before = await rollup();
    const billable = await withLead({ ringSeconds: 2, answered: true, talkSeconds: 120 });
    const short = await withLead({ ringSeconds: 2, answered: true, talkSeconds: 30 });
    expect(await rollup()).toEqual(before);
    t.clock.advanceSeconds(2 + 120);
    await runLiveCalls(deps());
    expect((await callRow(billable)).sold).toBe(true);
    expect((await callRow(short)).sold).toBe(false);
    expect(await rollup()).toEqual({ sold: before.sold + 1, spend: before.spend + 4100 });
  });

  test('an unanswered call ends in no-answer, is not charged and has no recording', async () => {
    const before = await getBalance(t.db, agentCompany);
    const id = await soldCall(agentCompany, { ringSeconds: 10, answered: false, talkSeconds: 0 });
    t.clock.advanceSeconds(10);
    expect(await runLiveCalls(deps())).toEqual([{ callId: id, status: 'no-answer', charged: false }]);
    expect(await getBalance(t.db, agentCompany)).toBe(before);
    const agent = await sessionFor(t, DEMO.agent);
    expect((await t.request({ method: 'GET', url: `/rest/live-calls/call/${id}/recording`, token: agent.session.token })).statusCode).toBe(404);
  });

  test('workers racing on the same calls write each step once and charge once', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await soldCall(agentCompany, { ringSeconds: 2, answered: true, talkSeconds: 100 }, { minBillable: 30, price: 100 }));
    t.clock.advanceSeconds(200);
    const rounds = await Promise.all([runLiveCalls(deps()), runLiveCalls(deps()), runLiveCalls(deps())]);
    const completed = rounds.flat().filter((s) => s.status === 'completed').map((s) => s.callId).sort();
    expect(completed).toEqual([...ids].sort());
    for (const id of ids) expect(await charges(id)).toBe(1);
  });

  test('a company that cannot pay keeps the completed call unsold; nothing is half-written', async () => {
    const balance = await getBalance(t.db, otherCompany);
    const id = await soldCall(otherCompany, { ringSeconds: 1, answered: true, talkSeconds: 100 }, { minBillable: 30, price: balance + 100_000 });
    t.clock.advanceSeconds(101);
    expect((await runLiveCalls(deps())).at(-1)).toEqual({ callId: id, status: 'completed', charged: false });
    expect(await callRow(id)).toMatchObject({ status: 'completed', sold: false });
    expect(await getBalance(t.db, otherCompany)).toBe(balance);
  });
});

describe('reading a call', () => {
  test("another company's call is 404, an admin sees it, a vendor may not ask", async () => {
    const id = await soldCall(otherCompany, { ringSeconds: 1, answered: false, talkSeconds: 0 });
    const agent = await sessionFor(t, DEMO.agent);
    expect((await agent.GET('/live-calls/call/{callId}', { params: { path: { callId: id } } })).response.status).toBe(404);
    expect((await t.request({ method: 'GET', url: `/rest/live-calls/call/${id}/recording`, token: agent.session.token })).statusCode).toBe(404);
    const admin = await sessionFor(t, DEMO.admin);
    expect((await admin.GET('/live-calls/call/{callId}', { params: { path: { callId: id } } })).data).toMatchObject({ _id: id });
    const vendor = await sessionFor(t, DEMO.vendor);
    expect((await vendor.GET('/live-calls/call/{callId}', { params: { path: { callId: id } } })).response.status).toBe(403);
    expect((await agent.GET('/live-calls/call/{callId}', { params: { path: { callId: 0 } } })).response.status).toBe(400);
  });
});
