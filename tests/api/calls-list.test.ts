import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../src/domain/time/days';
import { dayStartIn } from '../../src/domain/time/zone';
import { isoDayIn } from '../../src/domain/time/zone';
import { callChargeKey } from '../../src/server/services/calls/progress';
import { getBalance, postMovement } from '../../src/server/services/ledger';
import { DEMO, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * GET /live-calls/all (document 002 sections 2, 4, 7 and 9): the filters, whose calls each
 * role sees, bad input refused with field errors, and meta.billable and meta.stats checked
 * against figures worked out by hand from calls this file writes on a day of their own
 * (three days ahead of the test clock, where the seed has none).
 */
let t: TestApp;
let day: string;
let companyA: number;
let companyB: number;
const ids: Record<string, number> = {};

interface Fixture {
  name: string;
  company: 'A' | 'B';
  status: 'in-progress' | 'pending-connection' | 'completed' | 'no-answer';
  duration: number;
  minBillable: number;
  price: number;
  sold: boolean;
  state: string;
  minute: number;
}

/**
 * Company A (the demo agent's, Texas): six calls. Company B: one, in New York.
 *   billable (completed, duration >= min): a1 (120 >= 90) and a3 (95 >= 90, unsold: the balance refused) → 2 calls, 4000 + 5000 cents
 *   average duration of A's completed calls: (120 + 60 + 95) / 3 = 91.67 → 92
 */
const FIXTURES: Fixture[] = [
  { name: 'a1', company: 'A', status: 'completed', duration: 120, minBillable: 90, price: 4000, sold: true, state: 'TX', minute: 60 },
  { name: 'a2', company: 'A', status: 'completed', duration: 60, minBillable: 90, price: 3000, sold: false, state: 'TX', minute: 120 },
  { name: 'a3', company: 'A', status: 'completed', duration: 95, minBillable: 90, price: 5000, sold: false, state: 'TX', minute: 180 },
  { name: 'a4', company: 'A', status: 'no-answer', duration: 0, minBillable: 90, price: 3500, sold: false, state: 'TX', minute: 240 },
  { name: 'a5', company: 'A', status: 'in-progress', duration: 0, minBillable: 90, price: 4500, sold: false, state: 'TX', minute: 300 },
  { name: 'a6', company: 'A', status: 'pending-connection', duration: 0, minBillable: 90, price: 4500, sold: false, state: 'TX', minute: 360 },
  { name: 'b1', company: 'B', status: 'completed', duration: 200, minBillable: 60, price: 6000, sold: true, state: 'NY', minute: 90 },
];

beforeAll(async () => {
  t = await startTestApp();
  const zone = (await t.db.query<{ timezone: string }>('SELECT timezone FROM users WHERE email = $1', [DEMO.agent])).rows[0].timezone;
  day = addDays(isoDayIn(t.clock.now(), zone), 3);
  companyA = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE email = $1', [DEMO.agent])).rows[0].company_id;
  companyB = (await t.db.query<{ company_id: number }>('SELECT min(company_id) AS company_id FROM orders WHERE company_id <> $1', [companyA])).rows[0].company_id;
  const start = dayStartIn(day, zone).getTime();
  for (const f of FIXTURES) {
    const at = new Date(start + f.minute * 60_000);
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO calls (order_id, company_id, vendor_id, status, conference_id, duration_seconds, min_billable_seconds, price_cents, sold, phone, inserted_at)
       SELECT o.id, o.company_id, (SELECT min(id) FROM vendors), $2, $3, $4, $5, $6, $7, '5125550199', $8
         FROM orders o WHERE o.company_id = $1 ORDER BY o.id LIMIT 1 RETURNING id`,
      [f.company === 'A' ? companyA : companyB, f.status, `T-${f.name}`, f.duration, f.minBillable, f.price, f.sold, at]);
    ids[f.name] = rows[0].id;
    // The lead the engine writes with every call it connects.
    await t.db.query(
      `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, call_id, vertical, product, first_name, last_name, phone, state, price_cents, inserted_at)
       SELECT o.id, o.company_id, o.user_id, (SELECT min(id) FROM vendors), o.package_id, c.id, o.vertical, 'calls', 'Caller', $2, '5125550199', $3, $4, $5
         FROM orders o JOIN calls c ON c.order_id = o.id WHERE c.id = $1`,
      [rows[0].id, f.name, f.state, f.price, at]);
  }
});
afterAll(() => t?.close());

type Query = Record<string, string | number>;
async function list(email: string, query: Query = {}) {
  const s = await sessionFor(t, email);
  return s.GET('/live-calls/all', { params: { query: { start: day, end: day, ...query } as never } });
}
const names = (rows: Array<{ _id: number }>) => rows.map((r) => Object.keys(ids).find((k) => ids[k] === r._id)).sort();

describe('the list and its figures', () => {
  test('an agent sees their company\'s calls, newest first, with the hand-computed billable figures and stats', async () => {
    const res = await list(DEMO.agent);
    expect(res.response.status).toBe(200);
    expect(res.data!.results.map((r) => r._id)).toEqual(['a6', 'a5', 'a4', 'a3', 'a2', 'a1'].map((n) => ids[n]));
    expect(res.data!.meta).toEqual({
      count: 6,
      billable: { count: 2, cost: 9000 },
      stats: { 'in-progress': 1, 'pending-connection': 1, completed: 3, 'no-answer': 1, averageDuration: 92 },
    });
    const a3 = res.data!.results.find((r) => r._id === ids.a3)!;
    expect(a3).toMatchObject({ status: 'completed', duration: 95, minBillableDuration: 90, price: 5000, sold: false, billable: true,
      conferenceId: 'T-a3', state: 'TX', lastName: 'a3', returnStatus: null, recording: null });
    expect(a3.leadId).toEqual(expect.any(Number));
  });

  test('status, sold and duration filter the list and its figures alike', async () => {
    const done = await list(DEMO.agent, { status: 'completed,no-answer' });
    expect(names(done.data!.results)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(done.data!.meta).toEqual({ count: 4, billable: { count: 2, cost: 9000 },
      stats: { 'in-progress': 0, 'pending-connection': 0, completed: 3, 'no-answer': 1, averageDuration: 92 } });

    const active = await list(DEMO.agent, { status: 'in-progress,pending-connection' });
    expect(names(active.data!.results)).toEqual(['a5', 'a6']);
    expect(active.data!.meta.billable).toEqual({ count: 0, cost: 0 });

    const sold = await list(DEMO.agent, { sold: 'sold' });
    expect(names(sold.data!.results)).toEqual(['a1']);
    expect(sold.data!.meta).toMatchObject({ count: 1, billable: { count: 1, cost: 4000 } });
    const unsold = await list(DEMO.agent, { sold: 'notSold' });
    expect(names(unsold.data!.results)).toEqual(['a2', 'a3', 'a4', 'a5', 'a6']);
    expect(unsold.data!.meta.billable).toEqual({ count: 1, cost: 5000 });

    // Under 30 secs: durationEnd 30 (exclusive); over 30 secs: durationStart 30 (inclusive).
    const short = await list(DEMO.agent, { durationEnd: '30' });
    expect(names(short.data!.results)).toEqual(['a4', 'a5', 'a6']);
    const long = await list(DEMO.agent, { durationStart: '30', status: 'completed' });
    expect(names(long.data!.results)).toEqual(['a1', 'a2', 'a3']);
    expect(long.data!.meta.stats.averageDuration).toBe(92);
    const billableOnly = await list(DEMO.agent, { durationStart: '90', durationEnd: '121' });
    expect(names(billableOnly.data!.results)).toEqual(['a1', 'a3']);
  });

  test('pages: limit and skip cut the rows, the figures still cover the whole filter', async () => {
    const first = await list(DEMO.agent, { limit: 10, skip: 4 });
    expect(names(first.data!.results)).toEqual(['a1', 'a2']);
    expect(first.data!.meta.count).toBe(6);
  });

  test('the day range is read in the caller\'s zone: the day before has none of these calls', async () => {
    const res = await list(DEMO.agent, { start: addDays(day, 1), end: addDays(day, 2) });
    expect(res.data!.results).toEqual([]);
    expect(res.data!.meta).toEqual({ count: 0, billable: { count: 0, cost: 0 },
      stats: { 'in-progress': 0, 'pending-connection': 0, completed: 0, 'no-answer': 0, averageDuration: 0 } });
  });
});

describe('whose calls each role sees', () => {
  test('an admin sees every company, or the one companyId names', async () => {
    const all = await list(DEMO.admin);
    expect(names(all.data!.results)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'b1']);
    expect(all.data!.meta.billable).toEqual({ count: 3, cost: 15000 });
    expect(all.data!.results.find((r) => r._id === ids.b1)!.companyId).toBe(companyB);
    const b = await list(DEMO.admin, { companyId: String(companyB) });
    expect(names(b.data!.results)).toEqual(['b1']);
    expect(b.data!.meta).toMatchObject({ count: 1, billable: { count: 1, cost: 6000 }, stats: { completed: 1, averageDuration: 200 } });
  });

  test('an agent may name their own company, never another (403)', async () => {
    expect(names((await list(DEMO.agent, { companyId: String(companyA) })).data!.results)).toHaveLength(6);
    const other = await list(DEMO.agent, { companyId: String(companyB) });
    expect(other.response.status).toBe(403);
    expect(other.error).toMatchObject({ error: expect.any(String) });
  });

  test('a regional manager sees the calls of consumers in their region (Texas), not New York\'s', async () => {
    const res = await list(DEMO.regional);
    expect(res.response.status).toBe(200);
    expect(names(res.data!.results)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    expect((await list(DEMO.regional, { companyId: String(companyB) })).response.status).toBe(403);
  });

  test('a corporate manager sees their own company\'s calls only', async () => {
    const res = await list(DEMO.corporate);
    expect(res.response.status).toBe(200);
    const own = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE email = $1', [DEMO.corporate])).rows[0].company_id;
    expect(res.data!.results.every((r) => r.companyId === own)).toBe(true);
    expect(names(res.data!.results)).not.toContain('a1');
    expect((await list(DEMO.corporate, { companyId: String(companyA) })).response.status).toBe(403);
  });

  test('a vendor may not read the list (x-roles)', async () => {
    expect((await list(DEMO.vendor)).response.status).toBe(403);
  });
});

describe('bad input', () => {
  const cases: Array<[Query, string]> = [
    [{ start: '2026-02-30' }, 'start'],
    [{ end: 'yesterday' }, 'end'],
    [{ start: '2030-01-02', end: '2030-01-01' }, 'start'],
    [{ start: '2020-01-01', end: '2030-01-01' }, 'start'],
    [{ status: 'completed,ringing' }, 'status'],
    [{ sold: 'maybe' }, 'sold'],
    [{ durationStart: '-1' }, 'durationStart'],
    [{ durationEnd: '1.5' }, 'durationEnd'],
    [{ durationStart: '60', durationEnd: '30' }, 'durationStart'],
    [{ companyId: '0' }, 'companyId'],
    [{ limit: 7 }, 'limit'],
  ];
  test.each(cases)('%o is a 400 naming %s', async (query, field) => {
    const res = await list(DEMO.admin, query);
    expect(res.response.status).toBe(400);
    const body = res.error as { error: string; errors: Array<{ field: string; message: string }> };
    expect(body.errors.map((e) => e.field)).toContain(field);
  });
});

describe('returning calls from the list', () => {
  test('the row names the call\'s lead: a charged call refunds its price once approved, a call never charged refunds nothing', async () => {
    // a1 was sold: its charge is in the ledger under the call's key, as the telephony worker writes it.
    await t.db.transaction((tx) => postMovement(tx, { kind: 'purchase', product: 'calls', companyId: companyA, amountCents: 4000, callId: ids.a1 },
      { key: callChargeKey(ids.a1), at: t.clock.now(), memo: `Call ${ids.a1}` }));
    const rows = (await list(DEMO.agent, { status: 'completed' })).data!.results;
    const lead = (name: string) => rows.find((r) => r._id === ids[name])!.leadId!;
    const agent = await sessionFor(t, DEMO.agent);
    const admin = await sessionFor(t, DEMO.admin);
    for (const [name, refund] of [['a1', 4000], ['a2', 0]] as const) {
      const before = await getBalance(t.db, companyA);
      const asked = await agent.POST('/return/{leadId}', { params: { path: { leadId: lead(name) } }, body: { returnReason: 'did_not_transfer' } });
      expect(asked.response.status, name).toBe(200);
      const approved = await admin.POST('/return/approve/{leadId}', { params: { path: { leadId: lead(name) } } });
      expect(approved.response.status, name).toBe(200);
      expect(await getBalance(t.db, companyA), name).toBe(before + refund);
    }
    const after = (await list(DEMO.agent, { status: 'completed' })).data!.results;
    expect(after.find((r) => r._id === ids.a1)!.returnStatus).toBe('return_approved');
  });
});
