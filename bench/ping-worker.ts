/**
 * The server of `npm run bench:ping`, in a thread of its own: a fresh seeded database
 * (in-memory PGlite, or a scratch PostgreSQL database dropped at the end), plus a bench
 * vendor and 10,000 active lead orders spread over the US (state territories and ZIP
 * lists), 200 buying companies with money; the real app on 127.0.0.1. It counts the
 * queries the app sends and the order book's loads, so the bench can print queries per
 * ping and what edits cost, and turns the rollups' triggers off and on for the sale phase.
 * The first agent may change caps (edit-cpo-caps): the bench
 * gets a session of theirs and a ZIP inside each of their orders.
 */
import { randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { FEATURE } from '../src/domain/orders/packages';
import { DAYS } from '../src/domain/orders/schedule';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/db';
import { openPglite } from '../src/server/db/pglite';
import { openPostgres } from '../src/server/db/postgres';
import { seedIfEmpty } from '../src/server/seed/seed';
import { geoIndex } from '../src/server/services/geo';
import { postMovement, postMovements } from '../src/server/services/ledger';
import { createSession } from '../src/server/services/sessions';
import { hashToken } from '../src/server/services/tokens';
import { createContext } from '../src/server/start';
import { dropDatabase, withAdmin, withDatabase } from '../tests/helpers/postgres-admin';

export type PingWorkerData = ({ kind: 'pglite' } | { kind: 'postgres'; url: string }) & { orders: number; token: string };
/** An order the bench may edit, and a ZIP of its territory (a ping there considers it). */
export interface Editable {
  orderId: number;
  zip: string;
}
export type BookLoads = { whole: number; changes: number };
export type FromPingWorker = { ready: true; port: number; zips: string[]; editor: string; editable: Editable[] } | { queries: number; loads: BookLoads }
  | { rollups: boolean } | { promotions: boolean } | { stopped: true };
/**
 * The triggers that keep the report and market rollups from each sale (migrations 020 and 027); the sale phase turns them off and on.
 * BENCH_SALE_TRIGGERS (names, comma-separated) measures others instead, e.g. the lead search's kept counts (leads_search_count_insert).
 */
const ROLLUP_TRIGGERS = process.env.BENCH_SALE_TRIGGERS?.split(',') ?? ['leads_rollup_insert', 'leads_market_sales_insert'];

const data = workerData as PingWorkerData;

let raw: Db;
let dropScratch = async () => {};
if (data.kind === 'postgres') {
  const name = `leadline_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdmin(data.url, (c) => c.query(`CREATE DATABASE ${name}`));
  raw = openPostgres(withDatabase(data.url, name), 20);
  dropScratch = () => (process.env.BENCH_KEEP ? Promise.resolve(console.log(`kept database ${name}`)) : dropDatabase(data.url, name));
} else {
  raw = await openPglite(null);
}

// Every query the app sends (a transaction's statements count one each, BEGIN and COMMIT too).
let queries = 0;
const counting = (q: { query: Db['query'] }) => ({
  query: ((sql: Parameters<Db['query']>[0], params?: unknown[]) => {
    queries += 1;
    return q.query(sql, params);
  }) as Db['query'],
});
const db: Db = {
  ...raw,
  kind: raw.kind,
  query: counting(raw).query,
  transaction: (fn) => {
    queries += 2;
    return raw.transaction((tx) => fn(counting(tx)));
  },
  exec: (sql) => raw.exec(sql),
  listen: (c, l) => raw.listen(c, l),
  close: () => raw.close(),
};

const config = { ...loadConfig({}), webDir: '/nonexistent-web-dir', seedDemo: false, logLevel: 'silent', vendorRequestsPerSecond: 1_000_000 };
const ctx = await createContext(config, { db });
await seedIfEmpty(ctx);
const now = ctx.clock.now();

// The market: a vendor, a package, 200 companies with an agent and $10,000 each, N orders.
const COMPANIES = 200;
const q = raw;
const vendorId = (await q.query<{ id: number }>(`INSERT INTO vendors (vendor_name, display_name, verticals) VALUES ('bench_vendor', 'Bench', '{autoins}') RETURNING id`)).rows[0].id;
await q.query(`INSERT INTO vendor_api_keys (vendor_id, token_hash, created_at) VALUES ($1, $2, $3)`, [vendorId, hashToken(data.token), now]);
const packageId = (await q.query<{ id: number }>(`INSERT INTO packages (name, vertical, product, cost_cents, max_buyers) VALUES ('Bench Leads', 'autoins', 'leads', 1000, 2) RETURNING id`)).rows[0].id;
const companies = (await q.query<{ id: number }>(`INSERT INTO companies (name) SELECT 'Bench ' || g FROM generate_series(1, $1) g RETURNING id`, [COMPANIES])).rows.map((r) => r.id);
const zones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
const users = (await q.query<{ id: number; company_id: number }>(
  `INSERT INTO users (email, password_hash, role, status, tos_consent, first_name, last_name, company_id, timezone)
   SELECT 'bench' || c || '@bench.test', (SELECT password_hash FROM users WHERE email = 'agent@demo.test'), 'user', 'active', true, 'Bench', 'Agent', c,
          ($2::text[])[1 + c % 4]
     FROM unnest($1::int[]) c RETURNING id, company_id`, [companies, zones])).rows;
await q.transaction((tx) => postMovements(tx, companies.map((c) => ({ movement: { kind: 'deposit' as const, companyId: c, amountCents: 1_000_000 }, meta: { key: `bench:${c}`, at: now } }))));

const records = geoIndex().records;
const byState = new Map<string, string[]>();
for (const r of records) byState.set(r.state, [...(byState.get(r.state) ?? []), r.zip]);
const states = [...byState.keys()].filter((s) => s.length === 2);
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
const allDay = JSON.stringify(Object.fromEntries(DAYS.map((d) => [d, Array.from({ length: 24 }, (_, h) => h)])));
const rows = Array.from({ length: data.orders }, (_, i) => {
  const u = users[i % users.length];
  const state = pick(states);
  const territory = rnd() < 0.6
    ? { geoType: 'state', state }
    : { geoType: 'zip', state: null, zips: Array.from({ length: 20 }, () => ({ id: pick(byState.get(state)!), enabled: true })) };
  return { c: u.company_id, u: u.id, t: territory, bid: 1000 + Math.floor(rnd() * 40) * 100, n: i + 1 };
});
for (let i = 0; i < rows.length; i += 1000) {
  const chunk = rows.slice(i, i + 1000);
  const { rows: ids } = await q.query<{ id: number }>(
    `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, cap_daily, cap_weekly, cap_monthly, max_bid_cents,
                         territory, schedule, created_at, modified_at)
     SELECT x.c, x.u, $1, 'Bench order ' || x.n, 'autoins', 'leads', 'active', 1000, 5000, 20000, x.bid, x.t, $2::jsonb, $3, $3
       FROM jsonb_to_recordset($4::jsonb) AS x(c int, u int, t jsonb, bid int, n int) RETURNING id`,
    [packageId, allDay, now, JSON.stringify(chunk)]);
  await q.query('INSERT INTO order_vendors (order_id, vendor_id) SELECT unnest($1::int[]), $2', [ids.map((r) => r.id), vendorId]);
}
if (raw.kind === 'postgres') await q.query('ANALYZE');

// The editor: the first agent, allowed to change caps, with a session and their orders.
const editorId = users[0].id;
await q.query('UPDATE users SET features = array_append(features, $2) WHERE id = $1', [editorId, FEATURE.editCaps]);
const editor = await createSession(q, editorId, now);
const { rows: owned } = await q.query<{ id: number; area: string }>(
  'SELECT o.id, min(a.area) AS area FROM orders o JOIN order_areas a ON a.order_id = o.id WHERE o.user_id = $1 GROUP BY o.id ORDER BY o.id', [editorId]);
const editable = owned.map((o) => ({ orderId: o.id, zip: /^\d{5}$/.test(o.area) ? o.area : byState.get(o.area)![0] }));

const app = await buildApp(ctx);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const zips = Array.from({ length: 5000 }, () => pick(records).zip);
parentPort!.postMessage({ ready: true, port: typeof address === 'object' && address ? address.port : 0, zips, editor, editable } satisfies FromPingWorker);

parentPort!.on('message', async (m: string) => {
  if (m === 'count') {
    parentPort!.postMessage({ queries, loads: { ...ctx.engine.book.loads } } satisfies FromPingWorker);
    return;
  }
  if (m === 'rollups:on' || m === 'rollups:off') {
    const on = m === 'rollups:on';
    for (const t of ROLLUP_TRIGGERS) await raw.exec(`ALTER TABLE leads ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${t}`);
    parentPort!.postMessage({ rollups: on } satisfies FromPingWorker);
    return;
  }
  if (m === 'promotions:on' || m === 'promotions:off') {
    await togglePromotion(m === 'promotions:on');
    parentPort!.postMessage({ promotions: m === 'promotions:on' } satisfies FromPingWorker);
    return;
  }
  await app.close();
  await raw.close();
  await dropScratch();
  parentPort!.postMessage({ stopped: true } satisfies FromPingWorker);
});

/**
 * The sale phase's cost share: every bench agent enrolled in one promotion paying 10 % of
 * each sale from a budget no run spends, turned on and off (made on first use).
 */
let promotionId: number | null = null;
async function togglePromotion(on: boolean): Promise<void> {
  if (promotionId === null) {
    promotionId = (await q.query<{ id: number }>(
      `INSERT INTO promotions (name, description, responsible_party, burn_type, burn_value, budget_cents, end_date, created_at, updated_at)
       VALUES ('Bench cost share', 'A tenth of every sale', 'marketplace', 'percent', 1000, 2000000000, '2100-01-01', $1, $1) RETURNING id`, [now])).rows[0].id;
    const id = promotionId;
    await q.transaction((tx) => postMovement(tx, { kind: 'promotion_funding', promotionId: id, amountCents: 2_000_000_000 }, { key: `bench:promotion:${id}`, at: now }));
    await q.query('INSERT INTO promotion_enrollments (promotion_id, user_id, enabled_at) SELECT $1, unnest($2::int[]), $3', [id, users.map((u) => u.id), now]);
  }
  await q.query('UPDATE promotions SET is_active = $2 WHERE id = $1', [promotionId, on]);
}
