/**
 * The server of `npm run bench:ping`, in a process of its own (forked by the bench, which
 * is the load generator), so that its CPU is its own: /proc/<pid>/stat of this process is
 * the server alone. Its database: a fresh in-memory PGlite; or on PostgreSQL a scratch
 * database dropped at the end, or a named one kept between runs (made and seeded when
 * missing), or another instance's (attach: nothing seeded, nothing dropped). The market is
 * bench/ping-book.ts's, the history bench/ping-history.ts's. It counts the queries the app
 * sends and the order book's loads, turns the rollups' triggers and a promotion on and
 * off, answers the bench's SQL (sizes, checks) and profiles itself on request.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/db';
import { openPglite } from '../src/server/db/pglite';
import { openPostgres } from '../src/server/db/postgres';
import { seedIfEmpty } from '../src/server/seed/seed';
import { keepPingHistory } from '../src/server/services/engine/ping-history';
import { postMovement } from '../src/server/services/ledger';
import { createContext } from '../src/server/start';
import { dropDatabase, withAdmin, withDatabase } from '../tests/helpers/postgres-admin';
import { hasMarket, readMarket, seedMarket, type BookShape, type Market } from './ping-book';
import { addHistory } from './ping-history';
import { watchStalls, type Stalls } from './stalls';

export type PingServerData = ({ kind: 'pglite' } | { kind: 'postgres'; url: string; database?: string; attach?: boolean }) & BookShape & {
  token: string;
  /** Sold leads of history the book must hold. */
  history: number;
  /**
   * Days of pings kept (PING_RETENTION_DAYS): when set, the server's clock is movable
   * (CLOCK_CONTROL, POST /test/clock) and the bench runs the ping-history job (the soak's days).
   */
  retentionDays?: number;
};
export type BookLoads = { whole: number; changes: number };
export type Ready = Market & { ready: true; port: number; database: string | null; seedSeconds: number; historySeconds: number };
/** A request of the bench and its answer (same id). */
export type Command = { id: number } & ({ cmd: 'count' | 'stop' | 'profile:start' | 'ping-history' | 'stalls:start' | 'stalls:stop' } | { cmd: 'rollups' | 'promotions'; on: boolean }
  | { cmd: 'query'; sql: string; params?: unknown[] } | { cmd: 'profile:stop'; file: string });
export type Answer = { id: number; result?: unknown; error?: string };
/**
 * The triggers that keep the report and market rollups from each sale (migrations 020 and 027); the sale phase turns them off and on.
 * BENCH_SALE_TRIGGERS (names, comma-separated) measures others instead, e.g. the lead search's kept counts (leads_search_count_insert).
 */
const ROLLUP_TRIGGERS = process.env.BENCH_SALE_TRIGGERS?.split(',') ?? ['leads_rollup_insert', 'leads_market_sales_insert'];

const data = JSON.parse(process.argv[2]) as PingServerData;
const log = (m: string) => console.log(`  [server ${process.pid}]${m}`);

let raw: Db;
let database: string | null = null;
let dropScratch = async () => {};
if (data.kind === 'postgres') {
  database = data.database ?? `leadline_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const name = database;
  if (!data.attach) {
    await withAdmin(data.url, async (c) => {
      if ((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows.length === 0) await c.query(`CREATE DATABASE ${name}`);
    });
  }
  raw = openPostgres(withDatabase(data.url, name), 20);
  if (!data.database) dropScratch = () => dropDatabase(data.url, name);
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

const config = { ...loadConfig({}), webDir: '/nonexistent-web-dir', seedDemo: false, logLevel: 'silent', vendorRequestsPerSecond: 1_000_000,
  ...(data.retentionDays === undefined ? {} : { clockControl: true, pingRetentionDays: data.retentionDays }) };
const attached = data.kind === 'postgres' && data.attach;
const ctx = await createContext(config, { db });
const now = ctx.clock.now();
let seedSeconds = 0;
let historySeconds = 0;
if (!attached) {
  await seedIfEmpty(ctx);
  const t0 = performance.now();
  if (!(await hasMarket(raw))) {
    await seedMarket(raw, data, data.token, now);
    seedSeconds = (performance.now() - t0) / 1000;
  }
  if (data.history > 0) historySeconds = await addHistory(raw, data.history, now, log);
}
const market = await readMarket(raw, data, now);

const app = await buildApp(ctx);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send!({ ...market, ready: true, port: typeof address === 'object' && address ? address.port : 0, database, seedSeconds, historySeconds } satisfies Ready);

let profiler: Session | null = null;
let stalls: (() => Stalls) | null = null;
const handle = async (m: Command): Promise<unknown> => {
  switch (m.cmd) {
    case 'count':
      return { queries, loads: { ...ctx.engine.book.loads } };
    case 'rollups':
      for (const t of ROLLUP_TRIGGERS) await raw.exec(`ALTER TABLE leads ${m.on ? 'ENABLE' : 'DISABLE'} TRIGGER ${t}`);
      return m.on;
    case 'promotions':
      await togglePromotion(m.on);
      return m.on;
    case 'query':
      return (await raw.query(m.sql, m.params)).rows;
    case 'ping-history': // the job's own call (services/jobs.ts), at the server's time
      return keepPingHistory(raw, ctx.clock.now(), config.pingRetentionDays);
    case 'stalls:start':
      stalls = watchStalls();
      return true;
    case 'stalls:stop':
      return stalls!();
    case 'profile:start':
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
      await profiler.post('Profiler.start');
      return true;
    case 'profile:stop': {
      const { profile } = await profiler!.post('Profiler.stop');
      profiler!.disconnect();
      writeFileSync(m.file, JSON.stringify(profile));
      return m.file;
    }
    case 'stop':
      await app.close();
      await raw.close();
      await dropScratch();
      return true;
  }
};
// The bench gone (ended or killed): no server may outlive it.
process.on('disconnect', () => process.exit(1));
process.on('message', (m: Command) => {
  handle(m).then((result) => process.send!({ id: m.id, result } satisfies Answer), (e: Error) => process.send!({ id: m.id, error: e.message } satisfies Answer));
});

/**
 * The sale phase's cost share: every bench agent enrolled in one promotion paying 10 % of
 * each sale from a budget no run spends, turned on and off (made on first use).
 */
let promotionId: number | null = null;
async function togglePromotion(on: boolean): Promise<void> {
  if (promotionId === null) {
    promotionId = (await raw.query<{ id: number }>(
      `INSERT INTO promotions (name, description, responsible_party, burn_type, burn_value, budget_cents, end_date, created_at, updated_at)
       VALUES ('Bench cost share', 'A tenth of every sale', 'marketplace', 'percent', 1000, 2000000000, '2100-01-01', $1, $1) RETURNING id`, [now])).rows[0].id;
    const id = promotionId;
    await raw.transaction((tx) => postMovement(tx, { kind: 'promotion_funding', promotionId: id, amountCents: 2_000_000_000 }, { key: `bench:promotion:${id}:${process.pid}`, at: now }));
    await raw.query(`INSERT INTO promotion_enrollments (promotion_id, user_id, enabled_at) SELECT $1, id, $2 FROM users WHERE email LIKE 'bench%@bench.test'`, [id, now]);
  }
  await raw.query('UPDATE promotions SET is_active = $2 WHERE id = $1', [promotionId, on]);
}
