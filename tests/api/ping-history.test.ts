import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PING_CODES } from '../../src/domain/engine';
import { loadConfig } from '../../src/server/config';
import { breakdown } from '../../src/server/services/engine';
import { keepPingHistory, PING_DAYS_AHEAD } from '../../src/server/services/engine/ping-history';
import { newPingId, pingDayOf } from '../../src/server/services/engine/record';
import { addBuyer, addOrder, addPackage, addVendor, lead, type Vendor } from '../helpers/engine-market';
import { startTestApp, type TestApp } from '../helpers/test-app';

const DAY_MS = 86_400_000;
const RETENTION_DAYS = 30;

let t: TestApp;
let vendor: Vendor;
let orderId: number;
beforeAll(async () => {
  t = await startTestApp();
  vendor = await addVendor(t.db, t.clock.now());
  const packageId = await addPackage(t.db, { vendorId: vendor.id, costCents: 1000 });
  const buyer = await addBuyer(t, { balanceCents: 1_000_000 });
  orderId = await addOrder(t, buyer, { packageId, vendorIds: [vendor.id], maxBidCents: 2500, caps: { daily: 1000, weekly: 5000, monthly: 20000 } });
});
afterAll(() => t?.close());

const v2 = async (path: string, body: object) => {
  const r = await t.request({ method: 'POST', url: `/rest/v2${path}`, payload: body, headers: { authorization: vendor.auth } });
  return { status: r.statusCode, body: r.json() };
};
const ping = async (): Promise<string> => (await v2('/ping', { vertical: 'autoins', zipcode: '60601', age: 30 })).body.ping_id;
const post = async (over: Record<string, unknown> = {}) => v2('/post', lead({ age: 30, ...over }));
const job = () => keepPingHistory(t.db, t.clock.now(), RETENTION_DAYS);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const partitionOf = async (id: string) =>
  (await t.db.query<{ part: string }>('SELECT tableoid::regclass::text AS part FROM engine_pings WHERE id = $1', [id])).rows[0]?.part ?? null;
const eventsOf = async (id: string) => (await t.db.query('SELECT 1 FROM match_events WHERE ping_id = $1', [id])).rows.length;
/** What a refused ping-post leaves of a ping: an event (the rule its order met under the sale's locks). */
const refusedPost = (id: string) => t.db.query(
  `INSERT INTO match_events (ping_id, order_id, company_id, outcome, created_at) SELECT $1, o.id, o.company_id, 'daily_cap', $3 FROM orders o WHERE o.id = $2`,
  [id, orderId, t.clock.now()]);
const kept = async (id: string) => (await t.db.query('SELECT 1 FROM engine_pings_kept WHERE id = $1', [id])).rows.length === 1;
const outcome = async (id: string) => (await breakdown(t.db, id, { kind: 'all' }))?.rows.find((r) => r.orderId === orderId)?.outcome ?? null;
const partitions = async () => (await t.db.query<{ name: string }>(
  `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'engine_pings'::regclass`)).rows.map((r) => r.name);
const dayName = (ms: number) => `engine_pings_y${day(ms).replaceAll('-', '')}`;

describe('the pings\' history (partitions by UTC day, retention)', () => {
  const ids: Record<string, string> = {};
  let dayOne = 0;

  test('the job makes today\'s partition and the days ahead; a ping before midnight UTC is posted after it', async () => {
    const now = t.clock.now().getTime();
    t.clock.advance(Math.ceil(now / DAY_MS) * DAY_MS - now - 60_000); // 23:59 UTC
    dayOne = Math.floor(t.clock.now().getTime() / DAY_MS) * DAY_MS;
    await job();
    const made = await partitions();
    for (let k = 0; k <= PING_DAYS_AHEAD; k++) expect(made).toContain(dayName(dayOne + k * DAY_MS));
    expect(made).not.toContain(dayName(dayOne + (PING_DAYS_AHEAD + 1) * DAY_MS));

    ids.unsold = await ping();
    ids.sold = await ping();
    expect(await partitionOf(ids.sold)).toBe(dayName(dayOne));
    t.clock.advanceSeconds(120); // 00:01 the next day
    const sale = await v2(`/pingpost/${ids.sold}`, lead({ age: 30 }));
    expect(sale.status).toBe(200);
    expect(sale.body.sold).toBe(true);
    expect(await outcome(ids.sold)).toBe('sold');
    expect(await outcome(ids.unsold)).toBe('won');
    await refusedPost(ids.unsold);
    expect(await eventsOf(ids.sold)).toBeGreaterThan(0);

    expect((await post({ vendor_lead_id: 'HIST-1' })).status).toBe(200);
    expect((await post({ vendor_lead_id: 'HIST-1' })).status).toBe(409);
  });

  test('a ping id holds its UTC day, and the ids of a day sort as their pings were made (the key\'s right edge)', () => {
    const DAY = 86_400_000;
    const dayBounds = (day: number) => [new Date(day * DAY).toISOString(), new Date((day + 1) * DAY).toISOString()];
    fc.assert(fc.property(fc.integer({ min: 20_000, max: 30_000 }), fc.integer({ min: 0, max: DAY - 2 }), fc.integer({ min: 1, max: DAY - 1 }),
      (day, ms, later) => {
        const [a, b] = [newPingId(new Date(day * DAY + ms)), newPingId(new Date(day * DAY + Math.min(DAY - 1, ms + later)))];
        expect(a).toMatch(/^[A-Za-z0-9_-]{23}$/);
        expect(pingDayOf(a)).toEqual(dayBounds(day));
        // String order is the C collation's: the order of the day's primary key.
        expect(a < b).toBe(true);
        // An id of before (24 characters of base64url: the day, then 128 random bits) keeps its day.
        const before = Buffer.alloc(18, 7);
        before.writeUInt16BE(day, 0);
        expect(pingDayOf(before.toString('base64url'))).toEqual(dayBounds(day));
      }));
    expect(pingDayOf('not-a-ping-id')).toEqual(['-infinity', 'infinity']);
    // An id's length with a character that is no digit (here at the day's place) allows any time.
    const id = newPingId(new Date('2026-11-28T12:00:00Z'));
    for (const odd of ['!', 'é', '\u0141', '\u{1F600}'.slice(0, 1)]) expect(pingDayOf(odd + id.slice(1))).toEqual(['-infinity', 'infinity']);
  });

  test('ids made in the same millisecond differ, across refills of the random pool', () => {
    const at = new Date('2026-11-28T12:00:00.000Z');
    const ids = Array.from({ length: 2_000 }, () => newPingId(at));
    // The first 8 characters are the instant (6 bytes), the rest each id's own slice of the pool.
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(1);
    expect(new Set(ids.map((id) => id.slice(8))).size).toBe(ids.length);
  });

  test('a ping looked up by id (its post\'s lock) reads its own day\'s partition only, under a generic plan', async () => {
    const id = await ping();
    const [lo, hi] = pingDayOf(id);
    const plan = await t.db.transaction(async (tx) => {
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await tx.query(`PREPARE lock_probe(text, int, text, timestamptz, timestamptz) AS SELECT id FROM engine_pings
        WHERE id = $1 AND vendor_id = $2 AND kind = $3 AND created_at >= $4 AND created_at < $5 FOR UPDATE`);
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE lock_probe('${id}', ${vendor.id}, 'ping', '${lo}', '${hi}')`);
      await tx.query('DEALLOCATE lock_probe');
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    const scans = plan.match(/Index Scan using \S+/g) ?? [];
    expect(scans, plan).toEqual([`Index Scan using ${dayName(Date.parse(lo))}_pkey`]);
    expect(plan).toMatch(/Subplans Removed: \d+/);
  });

  test('the tables take exactly the codes of PING_CODES (migration 038), the kept table as the partitions', async () => {
    for (const table of ['engine_pings', 'engine_pings_kept', dayName(t.clock.now().getTime())]) {
      const { rows } = await t.db.query<{ column: string; def: string }>(
        `SELECT a.attname AS column, pg_get_constraintdef(k.oid) AS def FROM pg_constraint k
           JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
          WHERE k.conrelid = $1::regclass AND k.contype = 'c' AND a.attname IN ('kind', 'vertical', 'product', 'status') ORDER BY 1`, [table]);
      const allowed = Object.fromEntries(rows.map((r) => [r.column, [...r.def.matchAll(/'(.)'::"char"/g)].map((m) => m[1]).sort()]));
      expect(allowed, table).toEqual(Object.fromEntries(Object.entries(PING_CODES).map(([f, m]) => [f, Object.values(m).sort()]).sort()));
    }
  });

  test('a ping written before migration 033 (an id without its day, the decision as JSON columns) is still explained', async () => {
    const old = 'AAAAAAAAAAAAAAAAAAAAAA'; // 16 bytes, 22 characters: no day in it
    await t.db.query(`INSERT INTO engine_pings (id, vendor_id, kind, vertical, product, zipcode, state, status, created_at, expires_at, considered)
      VALUES ($1, $2, 'p', 'a', 'l', '60601', 'IL', 'u', $3, $3, $4::jsonb)`, // a ping, autoins, leads, unsold (migration 038's codes)
    [old, vendor.id, t.clock.now(), JSON.stringify({ o: [orderId], r: ['outbid'], b: [2500], p: [null] })]);
    expect(await outcome(old)).toBe('outbid');
    await t.db.query('DELETE FROM engine_pings WHERE id = $1', [old]);
  });

  test('past the retention the old days are dropped whole: unsold pings go with their events, sold ones are kept with their leads and still explained', async () => {
    t.clock.advance((RETENTION_DAYS + 1) * DAY_MS);
    // A day with no partition made yet: its pings wait in the default partition.
    ids.waiting = await ping();
    expect(await partitionOf(ids.waiting)).toBe('engine_pings_default');

    const run = await job();
    expect(run.dropped).toEqual(expect.arrayContaining([day(dayOne), day(dayOne + DAY_MS)]));
    expect(await partitions()).not.toContain(dayName(dayOne));
    expect(await partitionOf(ids.unsold)).toBeNull();
    expect(await breakdown(t.db, ids.unsold, { kind: 'all' })).toBeNull();
    expect(await eventsOf(ids.unsold)).toBe(0);
    expect(await kept(ids.sold)).toBe(true);
    expect(await outcome(ids.sold)).toBe('sold');
    expect(await eventsOf(ids.sold)).toBeGreaterThan(0);
    // The waiting ping moved into its day's partition when the job made it; a fresh one is explained.
    expect(await partitionOf(ids.waiting)).toBe(dayName(t.clock.now().getTime()));
    expect(await outcome(ids.waiting)).toBe('won');
    for (let k = 0; k <= PING_DAYS_AHEAD; k++) expect(await partitions()).toContain(dayName(t.clock.now().getTime() + k * DAY_MS));
    // A vendor lead id is refused whatever the retention.
    expect((await post({ vendor_lead_id: 'HIST-1' })).status).toBe(409);
  });

  test('rows left in the default partition go by the same rule, deleted in batches', async () => {
    t.clock.advance((PING_DAYS_AHEAD + 1) * DAY_MS); // past the days made
    ids.lost = await ping();
    await refusedPost(ids.lost);
    const sold = await post();
    expect(sold.body.sold).toBe(true);
    ids.posted = sold.body.ping_id;
    expect(await partitionOf(ids.lost)).toBe('engine_pings_default');
    expect(await partitionOf(ids.posted)).toBe('engine_pings_default');

    t.clock.advance((RETENTION_DAYS + 1) * DAY_MS);
    const run = await job();
    expect(run.deleted).toBeGreaterThanOrEqual(2);
    expect(await partitionOf(ids.lost)).toBeNull();
    expect(await partitionOf(ids.posted)).toBeNull();
    expect(await kept(ids.posted)).toBe(true);
    expect(await outcome(ids.posted)).toBe('sold');
    expect(await kept(ids.lost)).toBe(false);
    expect(await eventsOf(ids.lost)).toBe(0);
    // A kept ping lives as long as its lead: deleting the lead takes it.
    await t.db.query('DELETE FROM lead_deliveries WHERE lead_id IN (SELECT id FROM leads WHERE ping_id = $1)', [ids.posted]);
    await t.db.query('DELETE FROM leads WHERE ping_id = $1', [ids.posted]);
    expect(await kept(ids.posted)).toBe(false);
    expect(await breakdown(t.db, ids.posted, { kind: 'all' })).toBeNull();
    expect(await kept(ids.sold)).toBe(true);
    // A second run finds nothing to do.
    expect(await job()).toEqual({ made: [], dropped: [], deleted: 0 });
  });
});

test('PING_RETENTION_DAYS is a whole number of days, at least 1, with a default; anything else is refused at start (a typo must not drop every day)', () => {
  expect(loadConfig({}).pingRetentionDays).toBe(30);
  expect(loadConfig({ PING_RETENTION_DAYS: '7' }).pingRetentionDays).toBe(7);
  for (const bad of ['0', '-3', '2.5', 'thirty', '']) {
    expect(() => loadConfig({ PING_RETENTION_DAYS: bad }), bad).toThrow(/PING_RETENTION_DAYS must be a whole number of days/);
  }
});
