import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/db';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database';
import { dayIn } from '../helpers/day-in';

/**
 * The report rollups (migration 020) under fast-check: random sequences of sales (one or
 * several leads per statement, as the engine writes a sale to several buyers), return
 * requests, approvals, denials, disputes, dispute denials, agent status changes, a
 * carrier's flags, calls charged (their seconds, migration 024) or their duration changed,
 * and an agent moving to another zone, by agents in zones on both sides of a week's
 * boundary; after each sequence the rollups (and the per-agent, per-state and per-order
 * rollups of migrations 026, 028 and 035) equal an aggregate, worked out here from the
 * raw lead and call rows, of the same leads.
 */
let database: TestDatabase;
let db: Db;

/** Monday 23 November 2026, 05:00 UTC: midnight in New York, still Sunday further west. */
const MONDAY = Date.parse('2026-11-23T05:00:00Z');
const ZONES = ['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Asia/Kolkata', 'UTC'];
const STATES = ['TX', 'FL', null] as const;

interface Buyer { orderId: number; companyId: number; userId: number; packageId: number; vertical: string; product: 'leads' | 'calls' }
const buyers: Buyer[] = [];
let vendors: number[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  // Two lead orders and one call order, of three different agents.
  const pick = async (product: string, not: number[]) => (await db.query<{ id: number; company_id: number; user_id: number; package_id: number; vertical: string; product: 'leads' | 'calls' }>(
    `SELECT id, company_id, user_id, package_id, vertical, product FROM orders WHERE product = $1 AND NOT (user_id = ANY($2::int[])) ORDER BY id LIMIT 1`,
    [product, not])).rows[0];
  for (const product of ['leads', 'leads', 'calls']) {
    const o = await pick(product, buyers.map((b) => b.userId));
    buyers.push({ orderId: o.id, companyId: o.company_id, userId: o.user_id, packageId: o.package_id, vertical: o.vertical, product: o.product });
  }
  vendors = (await db.query<{ id: number }>('SELECT id FROM vendors ORDER BY id LIMIT 2')).rows.map((r) => r.id);
}, 120_000);
afterAll(async () => {
  await database?.dispose();
});

type Action =
  | { kind: 'sale'; buyers: number[]; vendor: number; state: number; minutes: number; price: number; seconds: number }
  | { kind: 'request' | 'approve' | 'deny' | 'dispute' | 'denyDispute'; lead: number; minutes: number; reason: number }
  /** Several steps of one return's life at once, so long lives (a dispute denied) are common. */
  | { kind: 'life'; lead: number; minutes: number; reason: number; status: number; steps: Array<'request' | 'approve' | 'deny' | 'dispute' | 'denyDispute'> }
  | { kind: 'status'; lead: number; status: number }
  | { kind: 'carrier'; lead: number; quoted: boolean; policy: boolean }
  | { kind: 'zone'; buyer: number; zone: number }
  /** A matched call charged: its lead row becomes a sale (migration 022), with its call's final duration (migration 024). */
  | { kind: 'charge'; lead: number; seconds: number }
  /** A call's duration written again, whether its lead is billed or not (the rollup follows a billed one). */
  | { kind: 'duration'; lead: number; seconds: number };

const AGENT_STATUSES = ['new', 'contacted', 'attempting', 'quoted', 'policy'];
const REASONS = ['wrong_number', 'disconnected', 'fax_machine'];
const minutes = fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 });
const seconds = fc.integer({ min: 0, max: 3_600 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sale' as const), buyers: fc.uniqueArray(fc.nat(2), { minLength: 1, maxLength: 3 }),
    vendor: fc.nat(1), state: fc.nat(2), minutes, price: fc.integer({ min: 0, max: 9_000 }), seconds }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constantFrom('request' as const, 'approve' as const, 'deny' as const, 'dispute' as const, 'denyDispute' as const),
    lead: fc.nat(7), minutes, reason: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('life' as const), lead: fc.nat(7), minutes, reason: fc.nat(2), status: fc.nat(4),
    steps: fc.constantFrom<Array<'request' | 'approve' | 'deny' | 'dispute' | 'denyDispute'>>(['request', 'approve'], ['request', 'deny'],
      ['request', 'deny', 'dispute'], ['request', 'deny', 'dispute', 'approve'], ['request', 'deny', 'dispute', 'denyDispute']) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('status' as const), lead: fc.nat(7), status: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('carrier' as const), lead: fc.nat(7), quoted: fc.boolean(), policy: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('zone' as const), buyer: fc.nat(2), zone: fc.nat(ZONES.length - 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('charge' as const), lead: fc.nat(7), seconds }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('duration' as const), lead: fc.nat(7), seconds }) },
);

const at = (m: number) => new Date(MONDAY + m * 60_000);

/** A sale as the engine writes it: one INSERT for every buyer of the lead (a call needs its call row, and is billed once charged). */
async function sell(a: Extract<Action, { kind: 'sale' }>): Promise<void> {
  const chosen = a.buyers.map((i) => buyers[i]);
  const callIds: Array<number | null> = [];
  for (const b of chosen) {
    callIds.push(b.product === 'calls'
      ? (await db.query<{ id: number }>(`INSERT INTO calls (order_id, company_id, vendor_id, status, price_cents, phone, inserted_at, duration_seconds)
          VALUES ($1, $2, $3, 'completed', $4, '5550100', $5, $6) RETURNING id`, [b.orderId, b.companyId, vendors[a.vendor], a.price, at(a.minutes), a.seconds])).rows[0].id
      : null);
  }
  await db.query(
    `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, call_id, vertical, product, first_name, last_name, state, price_cents,
                        inserted_at, billed)
     SELECT o.id, o.company_id, o.user_id, $2, o.package_id, x.call_id, o.vertical, o.product, 'Prop', 'Erty', $3, $4, $5, x.call_id IS NULL
       FROM unnest($1::int[], $6::int[]) AS x(order_id, call_id) JOIN orders o ON o.id = x.order_id`,
    [chosen.map((b) => b.orderId), vendors[a.vendor], STATES[a.state], a.price, at(a.minutes), callIds]);
}

/** The return steps and the agent's status as the services write them (the same guarded UPDATEs). */
async function act(a: Exclude<Action, { kind: 'sale' | 'zone' }>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  if (a.kind === 'life') {
    await act({ kind: 'status', lead: a.lead, status: a.status }, ids);
    for (const kind of a.steps) await act({ ...a, kind }, ids);
    return;
  }
  const id = ids[a.lead % ids.length];
  switch (a.kind) {
    case 'request':
      await db.query(`UPDATE leads SET return_status = 'return_pending', return_reason = $2, return_requested_at = $3
        WHERE id = $1 AND return_status IS NULL`, [id, REASONS[a.reason], at(a.minutes)]);
      return;
    case 'approve':
      await db.query(`UPDATE leads SET return_status = 'return_approved', return_responded_at = $2
        WHERE id = $1 AND return_status IN ('return_pending', 'return_disputed')`, [id, at(a.minutes)]);
      return;
    case 'deny':
      await db.query(`UPDATE leads SET return_status = 'return_denied', deny_reason = 'contact_verified', return_responded_at = $2
        WHERE id = $1 AND return_status = 'return_pending'`, [id, at(a.minutes)]);
      return;
    case 'dispute':
      await db.query(`UPDATE leads SET return_status = 'return_disputed', return_disputed_at = $2 WHERE id = $1 AND return_status = 'return_denied'`,
        [id, at(a.minutes)]);
      return;
    case 'denyDispute':
      await db.query(`UPDATE leads SET return_status = 'return_dispute_denied', deny_dispute_reason = 'denial_upheld', return_responded_at = $2
        WHERE id = $1 AND return_status = 'return_disputed'`, [id, at(a.minutes)]);
      return;
    case 'status':
      await db.query(`UPDATE leads SET agent_status = $2 WHERE id = $1 AND (return_status IS NULL OR return_status IN ('return_denied', 'return_dispute_denied'))`,
        [id, AGENT_STATUSES[a.status]]);
      return;
    case 'carrier':
      await db.query('UPDATE leads SET quoted = $2, policy = $3 WHERE id = $1', [id, a.quoted, a.policy]);
      return;
    case 'charge':
      // As the live-call worker charges: the call's final duration, then its lead is a sale.
      await db.query('UPDATE calls c SET duration_seconds = $2 FROM leads l WHERE l.id = $1 AND c.id = l.call_id AND NOT l.billed', [id, a.seconds]);
      await db.query('UPDATE leads SET billed = true WHERE id = $1', [id]);
      return;
    case 'duration': {
      // Among the recent call leads, so a billed call's duration changes often enough to matter.
      const calls = (await db.query<{ call_id: number }>('SELECT call_id FROM leads WHERE id = ANY($1::int[]) AND call_id IS NOT NULL ORDER BY id', [ids])).rows;
      if (calls.length) await db.query('UPDATE calls SET duration_seconds = $2 WHERE id = $1', [calls[a.lead % calls.length].call_id, a.seconds]);
    }
  }
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

interface Raw {
  order_id: number; vendor_id: number; state: string | null; company_id: number; user_id: number; package_id: number; vertical: string; product: string;
  price_cents: number; agent_status: string; return_status: string | null; return_reason: string | null; return_requested_at: Date | null;
  quoted: boolean; policy: boolean; inserted_at: Date; timezone: string; billed: boolean; call_seconds: number | null;
}

/** The rollups of these users' leads, worked out from the raw rows (zero rows left out). */
function expected(raw: Raw[]) {
  const daily = new Map<string, number[]>();
  const requests = new Map<string, number>();
  // Per order (migration 035): the same counts and returns asked without the consumer's state.
  const orders = new Map<string, number[]>();
  const orderRequests = new Map<string, number>();
  // Per agent (migration 026): sold, spend, quoted, policy, refunds by the sale's day; returns asked by the request's day.
  const agents = new Map<string, number[]>();
  const agentKey = (day: string, l: Raw) => [day, l.user_id, l.company_id, l.product, l.vertical].join('|');
  // Per consumer state (migration 028), the same counts.
  const states = new Map<string, number[]>();
  const stateKey = (day: string, l: Raw) => [day, l.state ?? '', l.product, l.vertical].join('|');
  // Returns asked per consumer state, vendor and reason (migration 036).
  const stateRequests = new Map<string, number>();
  const add = (m: Map<string, number[]>, k: string, v: number[]) => {
    const cur = m.get(k) ?? v.map(() => 0);
    m.set(k, cur.map((x, i) => x + v[i]));
  };
  for (const l of raw) {
    // A call matched but not charged is no sale.
    if (!l.billed) continue;
    const day = dayIn(new Date(l.inserted_at), l.timezone);
    const worked = l.return_status === null || l.return_status === 'return_denied' || l.return_status === 'return_dispute_denied';
    const s = (st: string) => (l.return_status === st ? 1 : 0);
    const counts = [
      1, l.price_cents,
      worked && (l.agent_status === 'quoted' || l.agent_status === 'policy') ? 1 : 0, worked && l.agent_status === 'policy' ? 1 : 0,
      worked && (l.quoted || l.policy) ? 1 : 0, worked && l.policy ? 1 : 0,
      l.return_status === null ? 0 : 1, s('return_pending'), s('return_approved'), s('return_denied'), s('return_disputed'), s('return_dispute_denied'),
      l.return_status === 'return_approved' ? l.price_cents : 0, l.call_seconds ?? 0,
      worked && l.agent_status === 'new' ? 1 : 0, worked && l.agent_status === 'contacted' ? 1 : 0, worked && l.agent_status === 'attempting' ? 1 : 0,
    ];
    add(daily, [day, l.order_id, l.vendor_id, l.state ?? '', l.company_id, l.user_id, l.package_id, l.vertical, l.product].join('|'), counts);
    add(orders, [day, l.order_id, l.vendor_id, l.company_id, l.user_id, l.package_id, l.vertical, l.product].join('|'), counts);
    const sale = [1, l.price_cents, worked && (l.agent_status === 'quoted' || l.agent_status === 'policy') ? 1 : 0,
      worked && l.agent_status === 'policy' ? 1 : 0, l.return_status === 'return_approved' ? l.price_cents : 0, 0];
    add(agents, agentKey(day, l), sale);
    add(states, stateKey(day, l), sale);
    if (l.return_status !== null) {
      const asked = dayIn(new Date(l.return_requested_at ?? l.inserted_at), l.timezone);
      add(agents, agentKey(asked, l), [0, 0, 0, 0, 0, 1]);
      add(states, stateKey(asked, l), [0, 0, 0, 0, 0, 1]);
      const k = [dayIn(new Date(l.return_requested_at ?? l.inserted_at), l.timezone), l.order_id, l.vendor_id, l.state ?? '', l.return_reason,
        l.company_id, l.user_id, l.package_id, l.vertical, l.product].join('|');
      requests.set(k, (requests.get(k) ?? 0) + 1);
      const o = [asked, l.order_id, l.vendor_id, l.return_reason, l.company_id, l.user_id, l.package_id, l.vertical, l.product].join('|');
      orderRequests.set(o, (orderRequests.get(o) ?? 0) + 1);
      const sr = [asked, l.state ?? '', l.vendor_id, l.return_reason, l.product, l.vertical].join('|');
      stateRequests.set(sr, (stateRequests.get(sr) ?? 0) + 1);
    }
  }
  const sorted = <V>(m: Map<string, V>) => Object.fromEntries([...m].sort());
  return {
    daily: sorted(daily), requests: sorted(requests), agents: sorted(agents), states: sorted(states), orders: sorted(orders), orderRequests: sorted(orderRequests),
    stateRequests: sorted(stateRequests),
  };
}

/** The per-state rollups (migrations 028 and 036) hold every buyer's leads: they are checked against all of them. */
async function statesExpectedAndActual() {
  const everyone = (await db.query<{ id: number }>('SELECT DISTINCT user_id AS id FROM leads')).rows.map((r) => r.id);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT day, state, product, vertical, sold, spend_cents::float8 AS spend_cents, quoted, policy, refund_cents::float8 AS refund_cents, returns
       FROM state_rollup_daily`);
  const { rows: asked } = await db.query<Record<string, unknown>>(
    'SELECT day, state, vendor_id, reason, product, vertical, n FROM state_return_requests_daily WHERE n <> 0');
  const counts = ['sold', 'spend_cents', 'quoted', 'policy', 'refund_cents', 'returns'];
  const all = expected(await rawOf(everyone));
  return {
    expected: { states: all.states, stateRequests: all.stateRequests },
    actual: {
      states: Object.fromEntries(rows.filter((r) => counts.some((c) => Number(r[c]) !== 0))
        .map((r) => [[iso(r.day), r.state, r.product, r.vertical].join('|'), counts.map((c) => Number(r[c]))] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1))),
      stateRequests: Object.fromEntries(asked.map((r) => [[iso(r.day), r.state, r.vendor_id, r.reason, r.product, r.vertical].join('|'), Number(r.n)] as const)
        .sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    },
  };
}

async function actual(users: number[]) {
  const { rows: daily } = await db.query<Record<string, unknown>>(
    `SELECT day, order_id, vendor_id, state, company_id, user_id, package_id, vertical, product, sold, spend_cents::float8 AS spend_cents, quoted, policy,
            carrier_quoted, carrier_policy, returned, return_pending, return_approved, return_denied, return_disputed, return_dispute_denied,
            refund_cents::float8 AS refund_cents, call_seconds::float8 AS call_seconds,
            status_new, status_contacted, status_attempting
       FROM lead_rollup_daily WHERE user_id = ANY($1::int[])`, [users]);
  const { rows: requests } = await db.query<Record<string, unknown>>(
    `SELECT day, order_id, vendor_id, state, reason, company_id, user_id, package_id, vertical, product, n FROM return_requests_daily
      WHERE user_id = ANY($1::int[]) AND n <> 0`, [users]);
  const { rows: agents } = await db.query<Record<string, unknown>>(
    `SELECT day, user_id, company_id, product, vertical, sold, spend_cents::float8 AS spend_cents, quoted, policy, refund_cents::float8 AS refund_cents, returns
       FROM agent_rollup_daily WHERE user_id = ANY($1::int[])`, [users]);
  const agentCounts = ['sold', 'spend_cents', 'quoted', 'policy', 'refund_cents', 'returns'];
  const { rows: orders } = await db.query<Record<string, unknown>>(
    `SELECT day, order_id, vendor_id, company_id, user_id, package_id, vertical, product, sold, spend_cents::float8 AS spend_cents, quoted, policy,
            carrier_quoted, carrier_policy, returned, return_pending, return_approved, return_denied, return_disputed, return_dispute_denied,
            refund_cents::float8 AS refund_cents, call_seconds::float8 AS call_seconds, status_new, status_contacted, status_attempting
       FROM order_rollup_daily WHERE user_id = ANY($1::int[])`, [users]);
  const { rows: orderRequests } = await db.query<Record<string, unknown>>(
    `SELECT day, order_id, vendor_id, reason, company_id, user_id, package_id, vertical, product, n FROM order_return_requests_daily
      WHERE user_id = ANY($1::int[]) AND n <> 0`, [users]);

  const counts = ['sold', 'spend_cents', 'quoted', 'policy', 'carrier_quoted', 'carrier_policy', 'returned', 'return_pending', 'return_approved',
    'return_denied', 'return_disputed', 'return_dispute_denied', 'refund_cents', 'call_seconds', 'status_new', 'status_contacted', 'status_attempting'];
  return {
    daily: Object.fromEntries(daily.filter((r) => counts.some((c) => Number(r[c]) !== 0))
      .map((r) => [[iso(r.day), r.order_id, r.vendor_id, r.state, r.company_id, r.user_id, r.package_id, r.vertical, r.product].join('|'),
        counts.map((c) => Number(r[c]))] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    requests: Object.fromEntries(requests.map((r) => [[iso(r.day), r.order_id, r.vendor_id, r.state, r.reason, r.company_id, r.user_id, r.package_id,
      r.vertical, r.product].join('|'), Number(r.n)] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    agents: Object.fromEntries(agents.filter((r) => agentCounts.some((c) => Number(r[c]) !== 0))
      .map((r) => [[iso(r.day), r.user_id, r.company_id, r.product, r.vertical].join('|'), agentCounts.map((c) => Number(r[c]))] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    orders: Object.fromEntries(orders.filter((r) => counts.some((c) => Number(r[c]) !== 0))
      .map((r) => [[iso(r.day), r.order_id, r.vendor_id, r.company_id, r.user_id, r.package_id, r.vertical, r.product].join('|'),
        counts.map((c) => Number(r[c]))] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    orderRequests: Object.fromEntries(orderRequests.map((r) => [[iso(r.day), r.order_id, r.vendor_id, r.reason, r.company_id, r.user_id, r.package_id,
      r.vertical, r.product].join('|'), Number(r.n)] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1))),
  };
}

const rawOf = async (users: number[]) => (await db.query<Raw>(
  `SELECT l.order_id, l.vendor_id, l.state, l.company_id, l.user_id, l.package_id, l.vertical, l.product, l.price_cents, l.agent_status, l.return_status,
          l.return_reason, l.return_requested_at, l.quoted, l.policy, l.inserted_at, u.timezone, l.billed, c.duration_seconds AS call_seconds
     FROM leads l JOIN users u ON u.id = l.user_id LEFT JOIN calls c ON c.id = l.call_id WHERE l.user_id = ANY($1::int[])`, [users])).rows;

/** The market rollup (migration 027) of every lead, worked out from the raw rows: sales by UTC day, place and 25-cent price. */
async function marketExpectedAndActual() {
  const raw = (await db.query<{ vertical: string; product: string; state: string | null; inserted_at: Date; price_cents: number }>(
    'SELECT vertical, product, state, inserted_at, price_cents FROM leads')).rows;
  const expected = new Map<string, number>();
  for (const l of raw) {
    const k = [l.vertical, l.product, l.state ?? '', new Date(l.inserted_at).toISOString().slice(0, 10), Math.ceil(l.price_cents / 25) * 25].join('|');
    expected.set(k, (expected.get(k) ?? 0) + 1);
  }
  const { rows } = await db.query<{ vertical: string; product: string; state: string; day: unknown; cents: number; n: number }>(
    'SELECT vertical, product, state, day, cents, n FROM market_sales_daily WHERE n <> 0');
  const actual = Object.fromEntries(rows.map((r) => [[r.vertical, r.product, r.state, iso(r.day), r.cents].join('|'), r.n] as const).sort());
  return { expected: Object.fromEntries([...expected].sort()), actual };
}

describe('report rollups', () => {
  it('equal the raw rows of the whole seeded book (the backfill and the seed through the triggers)', async () => {
    const users = (await db.query<{ id: number }>('SELECT DISTINCT user_id AS id FROM leads')).rows.map((r) => r.id);
    expect(users.length).toBeGreaterThan(0);
    const { states: _s, stateRequests: _r, ...mine } = expected(await rawOf(users));
    expect(await actual(users)).toEqual(mine);
    const byState = await statesExpectedAndActual();
    expect(Object.keys(byState.actual.states).length).toBeGreaterThan(0);
    expect(Object.keys(byState.actual.stateRequests).length).toBeGreaterThan(0);
    expect(byState.actual).toEqual(byState.expected);
    const market = await marketExpectedAndActual();
    expect(Object.keys(market.actual).length).toBeGreaterThan(0);
    expect(market.actual).toEqual(market.expected);
  }, 60_000);

  it('stay equal to the raw rows through any sequence of sales, returns, statuses and zone moves', { timeout: 240_000 }, async () => {
    const users = buyers.map((b) => b.userId);
    const ids: number[] = [];
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 30 }), async (actions) => {
      for (const a of actions) {
        if (a.kind === 'sale') {
          await sell(a);
          ids.splice(0, ids.length, ...(await db.query<{ id: number }>('SELECT id FROM leads WHERE user_id = ANY($1::int[]) ORDER BY id DESC LIMIT 8', [users])).rows.map((r) => r.id));
        } else if (a.kind === 'zone') await db.query('UPDATE users SET timezone = $2 WHERE id = $1', [buyers[a.buyer].userId, ZONES[a.zone]]);
        else await act(a, ids);
      }
      const { states: _s, stateRequests: _r, ...mine } = expected(await rawOf(users));
      expect(await actual(users)).toEqual(mine);
      const byState = await statesExpectedAndActual();
      expect(byState.actual).toEqual(byState.expected);
      const market = await marketExpectedAndActual();
      expect(market.actual).toEqual(market.expected);
    }), { numRuns: 25 });
  });
});
