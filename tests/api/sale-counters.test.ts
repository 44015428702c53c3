import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hourStart } from '../../src/domain/engine';
import { movingFacts } from '../../src/server/services/engine/facts';
import { shiftedNow } from '../helpers/clock';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The engine's cap counters (migration 030) against a count of the sales: after any mix of
 * sales at any instant, deleted sales and the agent moving to another zone, the day, week
 * and month counts the ping path reads, and the company's count of the hour, equal a count
 * of the order's leads in that period of the agent's zone, across time-zone changes,
 * daylight-saving switches and week and month boundaries, whether the period asked is the
 * order's latest (read from its row), a later one or an earlier one (read by key).
 */
let t: TestApp;
let order: { id: number; company_id: number; user_id: number; template: number };
const ZONES = ['America/New_York', 'America/Los_Angeles', 'Pacific/Auckland', 'Asia/Kolkata', 'UTC'];
const DAY = 86_400_000;
/**
 * The US switch to summer time (the second Sunday of March) of the year after the tests'
 * now: the window around it spans a month end and many weeks, and lies after every sale of
 * the seed (made up to now), so an order's latest counters (its row's, migration 040) are
 * this test's sales and a probe reads the latest period, a later one or an earlier one.
 */
function nextSummerTime(now: Date): number {
  const year = now.getUTCFullYear() + 1;
  const firstDay = new Date(Date.UTC(year, 2, 1)).getUTCDay();
  return Date.UTC(year, 2, 1 + ((7 - firstDay) % 7) + 7, 12);
}
const BASE = nextSummerTime(shiftedNow());

beforeAll(async () => {
  t = await startTestApp();
  order = (await t.db.query<typeof order>(
    `SELECT o.id, o.company_id, o.user_id, (SELECT min(l.id) FROM leads l WHERE l.order_id = o.id AND l.product = 'leads') AS template
       FROM orders o WHERE o.status = 'active' AND o.product = 'leads' AND EXISTS (SELECT 1 FROM leads l WHERE l.order_id = o.id)
      ORDER BY o.id LIMIT 1`)).rows[0];
  await t.db.query('UPDATE companies SET hourly_lead_cap = 1000 WHERE id = $1', [order.company_id]);
}, 60_000);
afterAll(() => t?.close());

type Action = { kind: 'sell'; at: number; n: number } | { kind: 'unsell'; pick: number } | { kind: 'rezone'; zone: string };
const instant = fc.integer({ min: -40 * DAY, max: 40 * DAY }).map((d) => BASE + d);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('sell' as const), at: instant, n: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unsell' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rezone' as const), zone: fc.constantFrom(...ZONES) }) },
);

async function apply(a: Action) {
  if (a.kind === 'sell') {
    await t.db.query(
      `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, price_cents, inserted_at)
       SELECT order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, 'Counted', price_cents, $2
         FROM leads, generate_series(1, $3) WHERE id = $1`, [order.template, new Date(a.at), a.n]);
  } else if (a.kind === 'unsell') {
    await t.db.query(
      // One of the sales this test made (the seed's have returns and notes that refer to them).
      `DELETE FROM leads WHERE id = (SELECT id FROM leads WHERE order_id = $1 AND last_name = 'Counted' ORDER BY id
         OFFSET $2 % GREATEST(1, (SELECT count(*) FROM leads WHERE order_id = $1 AND last_name = 'Counted')) LIMIT 1)`,
      [order.id, a.pick]);
  } else {
    await t.db.query('UPDATE users SET timezone = $2 WHERE id = $1', [order.user_id, a.zone]);
  }
}

/** The counts a count of the leads gives for the periods holding `at` in the agent's zone now. */
async function counted(at: Date) {
  const { rows } = await t.db.query<{ d: number; w: number; m: number; h: number }>(
    `SELECT count(*) FILTER (WHERE l.inserted_at >= p.d AND l.inserted_at < p.d2)::int AS d,
            count(*) FILTER (WHERE l.inserted_at >= p.w AND l.inserted_at < p.w2)::int AS w,
            count(*) FILTER (WHERE l.inserted_at >= p.m AND l.inserted_at < p.m2)::int AS m,
            (SELECT count(*) FROM leads h WHERE h.company_id = $2 AND h.inserted_at >= $4 AND h.inserted_at < $4::timestamptz + interval '1 hour')::int AS h
       FROM users u CROSS JOIN LATERAL (
         SELECT date_trunc('day', $3::timestamptz AT TIME ZONE u.timezone) AT TIME ZONE u.timezone AS d,
                (date_trunc('day', $3::timestamptz AT TIME ZONE u.timezone) + interval '1 day') AT TIME ZONE u.timezone AS d2,
                date_trunc('week', $3::timestamptz AT TIME ZONE u.timezone) AT TIME ZONE u.timezone AS w,
                (date_trunc('week', $3::timestamptz AT TIME ZONE u.timezone) + interval '1 week') AT TIME ZONE u.timezone AS w2,
                date_trunc('month', $3::timestamptz AT TIME ZONE u.timezone) AT TIME ZONE u.timezone AS m,
                (date_trunc('month', $3::timestamptz AT TIME ZONE u.timezone) + interval '1 month') AT TIME ZONE u.timezone AS m2) p
       LEFT JOIN leads l ON l.order_id = $1
      WHERE u.id = $5 GROUP BY p.d, p.w, p.m`,
    [order.id, order.company_id, at, hourStart(at), order.user_id]);
  return rows[0];
}

test('the counters the ping path reads always equal a count of the sales', async () => {
  await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), fc.array(instant, { minLength: 3, maxLength: 3 }),
    async (actions, probes) => {
      for (const a of actions) await apply(a);
      // The probes are read in one statement, as matches made at once are: each at its own instant.
      const nows = probes.map((at) => new Date(at));
      const reads = await movingFacts(t.db, nows.map((now) => ({ now, hour: hourStart(now), orderIds: [order.id] })));
      for (const [i, now] of nows.entries()) {
        const [read] = reads[i].rows;
        const want = await counted(now);
        expect({ d: read.used_day, w: read.used_week, m: read.used_month, h: read.used_hour }).toEqual(want);
      }
    }), { numRuns: 30 });
}, 120_000);
