/**
 * `npm run bench:ping-store`: what a ping's row costs to keep and to write, engine_pings
 * as migrations 033 and 037 made it (partitioned by day, the decision in bytes, the
 * winners read from it) against the table
 * before it (one table, the decision as JSON columns), in the same run on the same pings.
 * A book of --orders active orders over the US (60 % a whole state, 40 % 20 ZIPs of one;
 * bids $10 to $49.90), --pings pings through the engine's ping path (16 in flight), then:
 * - storage: the decision's average bytes and table plus index bytes per ping, both
 *   layouts holding the same rows; and the decision of the 16 best bids of each ping
 *   (what a decision holds once the match keeps only the orders its walk reached);
 * - write cost: the ping writer's batch statement into each layout, batches of 16
 *   alternating, median and total time per ping, as a ratio.
 * The database: PostgreSQL when DATABASE_URL is set (a scratch database), else PGlite.
 */
import { parseArgs } from 'node:util';
import { decodeConsidered, encodeConsidered, pingWord, winnersOf, type Considered } from '../src/domain/engine';
import { statement } from '../src/server/db/db';
import { seedIfEmpty } from '../src/server/seed/seed';
import { ping } from '../src/server/services/engine/flows';
import { derivedOf, newPingId, writePings, type PingRecord } from '../src/server/services/engine/record';
import { geoIndex } from '../src/server/services/geo';
import { createContext } from '../src/server/start';
import { DAYS } from '../src/domain/orders/schedule';
import { postMovements } from '../src/server/services/ledger';
import { hashToken } from '../src/server/services/tokens';
import { testConfig } from '../tests/helpers/config';
import { openTestDatabase } from '../tests/helpers/test-database';
import { median } from './median';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '10000' }, pings: { type: 'string', default: '2000' }, batches: { type: 'string', default: '150' } } });
const ORDERS = Number(values.orders);
const PINGS = Number(values.pings);
const BATCHES = Number(values.batches);
const BATCH = 16;

const database = await openTestDatabase();
const db = database.db;
const ctx = await createContext(testConfig({ vendorRequestsPerSecond: 1_000_000 }), { db });
await seedIfEmpty(ctx);
const now = ctx.clock.now();

// The book: a vendor, a package, 200 companies and ORDERS orders over the US.
const vendorId = (await db.query<{ id: number }>(`INSERT INTO vendors (vendor_name, display_name, verticals) VALUES ('store_vendor', 'Store', '{autoins}') RETURNING id`)).rows[0].id;
await db.query('INSERT INTO vendor_api_keys (vendor_id, token_hash, created_at) VALUES ($1, $2, $3)', [vendorId, hashToken('store-bench'), now]);
const packageId = (await db.query<{ id: number }>(`INSERT INTO packages (name, vertical, product, cost_cents, max_buyers) VALUES ('Store Leads', 'autoins', 'leads', 1000, 2) RETURNING id`)).rows[0].id;
// 200 companies of one agent each (a book of one company never settles early: every order after its best is same_buyer, not outbid).
const companies = (await db.query<{ id: number }>(`INSERT INTO companies (name) SELECT 'Store ' || g FROM generate_series(1, 200) g RETURNING id`)).rows.map((r) => r.id);
const agents = (await db.query<{ id: number; company_id: number }>(
  `INSERT INTO users (email, password_hash, role, status, tos_consent, first_name, last_name, company_id, timezone)
   SELECT 'store' || c || '@bench.test', (SELECT password_hash FROM users WHERE email = 'agent@demo.test'), 'user', 'active', true, 'Store', 'Agent', c, 'America/Chicago'
     FROM unnest($1::int[]) c RETURNING id, company_id`, [companies])).rows;
await db.transaction((tx) => postMovements(tx, companies.map((c) => ({ movement: { kind: 'deposit' as const, companyId: c, amountCents: 1_000_000 }, meta: { key: `store:${c}`, at: now } }))));
const zipsOf = new Map<string, string[]>();
for (const r of geoIndex().records) if (r.state.length === 2) zipsOf.set(r.state, [...(zipsOf.get(r.state) ?? []), r.zip]);
const states = [...zipsOf.keys()];
let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const any = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
const book = Array.from({ length: ORDERS }, (_, i) => {
  const state = any(states);
  const t = rnd() < 0.6 ? { geoType: 'state', state } : { geoType: 'zip', state: null, zips: Array.from({ length: 20 }, () => ({ id: any(zipsOf.get(state)!), enabled: true })) };
  return { t, bid: 1000 + Math.floor(rnd() * 40) * 100, c: agents[i % agents.length].company_id, u: agents[i % agents.length].id };
});
const week = JSON.stringify(Object.fromEntries(DAYS.map((d) => [d, Array.from({ length: 24 }, (_, h) => h)])));
for (let i = 0; i < book.length; i += 1000) {
  const { rows: ids } = await db.query<{ id: number }>(
    `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, cap_daily, cap_weekly, cap_monthly, max_bid_cents, territory, schedule, created_at, modified_at)
     SELECT x.c, x.u, $1, 'Store order', 'autoins', 'leads', 'active', 1000, 5000, 20000, x.bid, x.t, $2::jsonb, $3, $3
       FROM jsonb_to_recordset($4::jsonb) AS x(t jsonb, bid int, c int, u int) RETURNING id`,
    [packageId, week, now, JSON.stringify(book.slice(i, i + 1000))]);
  await db.query('INSERT INTO order_vendors (order_id, vendor_id) SELECT unnest($1::int[]), $2', [ids.map((r) => r.id), vendorId]);
}
if (db.kind === 'postgres') await db.query('ANALYZE');

// The pings, through the engine (16 in flight), at ZIPs of the book's states.
const places = states.flatMap((state) => zipsOf.get(state)!.slice(0, 5).map((zipcode) => ({ zipcode, state })));
let sent = 0;
await Promise.all(Array.from({ length: 16 }, async () => {
  while (sent < PINGS) {
    sent += 1;
    await ping(db, ctx.engine, { vendorId, lead: { vertical: 'autoins', ...any(places), age: 35 }, leadJson: { age: 35 }, now: ctx.clock.now() });
  }
}));
await ctx.engine.pings.idle();

// The same pings again, written into both layouts.
const { rows: read } = await db.query<{ kind: string; vertical: string; product: string | null; zipcode: string; state: string | null; lead: Record<string, unknown>;
  status: string; decision: Uint8Array }>('SELECT kind, vertical, product, zipcode, state, lead, status, decision FROM engine_pings');
const stored = read.map((s) => ({ ...s, ...derivedOf(s) }));
const records = (at: Date): PingRecord[] => stored.map((s) => ({
  id: newPingId(at), vendorId, kind: pingWord('kind', s.kind), lead: { vertical: pingWord('vertical', s.vertical), zipcode: s.zipcode, state: s.state },
  product: s.product, leadJson: s.lead, status: pingWord('status', s.status), orderId: null, vendorLeadId: null, createdAt: at, expiresAt: at, considered: decodeConsidered(s.decision),
}));
// The table before migration 033 had the winners as JSON too (engine_pings.offers, no longer written since 037).
const companyOf = new Map((await db.query<{ id: number; company_id: number }>('SELECT id, company_id FROM orders')).rows.map((r) => [r.id, r.company_id]));
const offersOf = (c: Considered) => winnersOf(c).map((w) => ({ orderId: w.orderId, companyId: companyOf.get(w.orderId), priceCents: w.priceCents }));

await db.exec(`
  CREATE TABLE bench_pings_before (LIKE engine_pings_kept INCLUDING DEFAULTS, PRIMARY KEY (id));
  -- As before migrations 033, 038 and 041: the decision as JSON columns only, the small texts as text, the lead as jsonb, an expiry on every row.
  ALTER TABLE bench_pings_before DROP COLUMN decision, ALTER COLUMN kind TYPE text, ALTER COLUMN vertical TYPE text, ALTER COLUMN product TYPE text,
    ALTER COLUMN status TYPE text, ALTER COLUMN lead DROP DEFAULT, ALTER COLUMN lead TYPE jsonb USING lead::jsonb, ALTER COLUMN lead SET DEFAULT '{}',
    ALTER COLUMN expires_at SET NOT NULL;
  CREATE UNIQUE INDEX bench_pings_before_vendor_lead_key ON bench_pings_before (vendor_id, vendor_lead_id) WHERE vendor_lead_id IS NOT NULL;
  CREATE INDEX bench_pings_before_held_idx ON bench_pings_before (order_id, expires_at) WHERE kind = 'call' AND status = 'open';
  CREATE INDEX bench_pings_before_created_idx ON bench_pings_before (created_at);
  TRUNCATE engine_pings;`);
// The ping writer's statement before migration 033, into the table as it was.
const WRITE_BEFORE = statement('bench_write_pings_before',
  `INSERT INTO bench_pings_before (id, vendor_id, kind, vertical, product, zipcode, state, lead, offers, status, order_id, vendor_lead_id, created_at, expires_at, posted_at, considered)
   SELECT x.id, x.vendor_id, x.kind, x.vertical, x.product, x.zipcode, x.state, x.lead, x.offers, x.status, x.order_id, NULL, x.created_at, x.expires_at, NULL, x.considered
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, vendor_id int, kind text, vertical text, product text, zipcode text, state text,
          lead jsonb, offers jsonb, status text, order_id int, created_at timestamptz, expires_at timestamptz, considered jsonb)`);
const writeBefore = (ps: PingRecord[]) => db.query(WRITE_BEFORE, [JSON.stringify(ps.map((p) => ({
  id: p.id, vendor_id: p.vendorId, kind: p.kind, vertical: p.lead.vertical, product: p.product, zipcode: p.lead.zipcode, state: p.lead.state,
  lead: p.leadJson, offers: offersOf(p.considered), status: p.status, order_id: p.orderId, created_at: p.createdAt, expires_at: p.expiresAt, considered: p.considered })))]);

const times = { before: [] as number[], after: [] as number[] };
const all = records(ctx.clock.now());
for (let i = 0; i < BATCHES; i++) {
  const batch = Array.from({ length: BATCH }, (_, k) => all[(i * BATCH + k) % all.length]).map((p) => ({ ...p, id: newPingId(p.createdAt) }));
  for (const side of i % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const)) {
    const t0 = performance.now();
    await (side === 'before' ? writeBefore(batch) : writePings(db, batch));
    times[side].push((performance.now() - t0) / BATCH);
  }
}

const size = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0].n);
const count = { before: await size('SELECT count(*) AS n FROM bench_pings_before'), after: await size('SELECT count(*) AS n FROM engine_pings') };
const treeBytes = await size(`SELECT sum(pg_total_relation_size(c.oid)) AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'engine_pings'::regclass`);
// Where a row's bytes go: each column's average stored size and the whole tuple's (its header included).
const PING_COLUMNS = ['id', 'vendor_id', 'kind', 'vertical', 'product', 'zipcode', 'state', 'lead', 'offers', 'status', 'order_id',
  'vendor_lead_id', 'created_at', 'expires_at', 'posted_at', 'considered', 'decision'];
const byColumn = (await db.query<Record<string, number>>(
  `SELECT ${PING_COLUMNS.map((c) => `round(avg(coalesce(pg_column_size(${c}), 0)), 1)::float8 AS ${c}`).join(', ')},
          round(avg(pg_column_size(p.*)), 1)::float8 AS whole_tuple FROM engine_pings p`)).rows[0];
/** The fullest day's heap (and TOAST) and primary key bytes over its rows. */
async function dayBytesPerPing(): Promise<number> {
  const [day] = (await db.query<{ oid: number; n: number }>('SELECT tableoid::int AS oid, count(*)::int AS n FROM engine_pings GROUP BY tableoid ORDER BY 2 DESC LIMIT 1')).rows;
  const bytes = await size(`SELECT pg_relation_size(c.oid) + coalesce(pg_relation_size(nullif(c.reltoastrelid, 0)), 0)
                                   + (SELECT pg_relation_size(x.indexrelid) FROM pg_index x WHERE x.indrelid = c.oid AND x.indisprimary) AS n
                              FROM pg_class c WHERE c.oid = ${day.oid}`);
  return bytes / day.n;
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const best16 = (c: Considered): Considered => {
  const keep = c.o.map((_, i) => i).sort((x, y) => (c.b[y] ?? -1) - (c.b[x] ?? -1)).slice(0, 16);
  return { o: keep.map((i) => c.o[i]), r: keep.map((i) => c.r[i]), b: keep.map((i) => c.b[i]), p: keep.map((i) => c.p[i]) };
};
const decisions = all.map((p) => p.considered);
const avg = (xs: number[]) => sum(xs) / xs.length;
const out = {
  db: db.kind, orders: ORDERS, pings: stored.length, loadavg: (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim(),
  // A book whose pings match nothing (every order excluded) would measure whole-area decisions.
  matchedShare: stored.filter((p) => pingWord('status', p.status) === 'open').length / stored.length,
  ordersPerDecision: avg(decisions.map((c) => c.o.length)),
  decisionBytes: {
    before: await size('SELECT avg(octet_length(considered::text)) AS n FROM bench_pings_before'),
    beforeStored: await size('SELECT avg(pg_column_size(considered)) AS n FROM bench_pings_before'),
    after: await size('SELECT avg(octet_length(decision)) AS n FROM engine_pings'),
    sixteenBefore: avg(decisions.map((c) => JSON.stringify(best16(c)).length)),
    sixteenAfter: avg(decisions.map((c) => encodeConsidered(best16(c)).length)),
  },
  rowAndIndexBytesPerPing: {
    before: (await size(`SELECT pg_total_relation_size('bench_pings_before') AS n`)) / count.before,
    after: treeBytes / count.after,
    // What one more ping adds once a day holds many: the day's heap and key pages over its rows, without the fixed cost of
    // each partition (its free space and visibility maps, the empty partial index, the days made ahead).
    afterDay: await dayBytesPerPing(),
  },
  rowBytesByColumn: byColumn,
  writeMsPerPing: {
    before: { median: median(times.before), total: sum(times.before) },
    after: { median: median(times.after), total: sum(times.after) },
    ratioOfTotals: sum(times.after) / sum(times.before),
  },
};
console.log(JSON.stringify(out, null, 2));
await ctx.engine.pings.idle();
await database.dispose();
process.exit(0);
