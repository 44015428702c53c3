/**
 * `npm run bench:reports`: the dashboard and every report on large books (seed:large's),
 * for an agent, a regional manager and an admin, through the real app (Fastify's inject:
 * routing, auth, contract checks, handler, service, SQL), beside the bare GET /rest/health
 * measured in the same rounds. Per book size (--leads 1000000,10000000, grown in place)
 * and database (PGlite, PostgreSQL): p50 and p95 of each report and role, every size's
 * book asked in the same rounds so drift hits all alike (and their ratio, largest over smallest), and the CPU per request of the server process and, on PostgreSQL,
 * of its database backends apart (from /proc; PGlite's database runs inside the server).
 * Options: --leads 1000000,10000000 --runs 100 --db pglite|postgres|both --cpu-runs 30.
 * A book per size (reports_1m, reports_10m), kept between runs (bench/large-book.ts), so a
 * second run only measures.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { addDays } from '../src/domain/time/days';
import { isoDayIn } from '../src/domain/time/zone';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/db';
import { createSession } from '../src/server/services/sessions';
import { createContext } from '../src/server/start';
import { openBook, pct, type BookKind } from './large-book';

const { values } = parseArgs({ options: {
  leads: { type: 'string', default: '1000000,10000000' }, runs: { type: 'string', default: '100' },
  db: { type: 'string', default: 'both' }, 'cpu-runs': { type: 'string', default: '30' },
} });
const SIZES = values.leads.split(',').map(Number);
const RUNS = Number(values.runs);
const CPU_RUNS = Number(values['cpu-runs']);
const ROLES = { agent: 'agent@demo.test', regional: 'regional@demo.test', admin: 'admin@demo.test' } as const;
type RoleName = keyof typeof ROLES;

interface Call { report: string; role: RoleName | '-'; method: 'GET' | 'POST'; url: string; body?: unknown; token?: string }

async function signedIn(db: Db, at: Date): Promise<Record<RoleName, { token: string; zone: string; companyId: number | null }>> {
  const out = {} as Record<RoleName, { token: string; zone: string; companyId: number | null }>;
  for (const [role, email] of Object.entries(ROLES) as Array<[RoleName, string]>) {
    const { rows: [u] } = await db.query<{ id: number; timezone: string; company_id: number | null }>(
      'SELECT id, timezone, company_id FROM users WHERE email = $1', [email]);
    out[role] = { token: await createSession(db, u.id, at), zone: u.timezone, companyId: u.company_id };
  }
  return out;
}

/** Every screen of the dashboard and the reports area, as its view asks on first load (the default range: the last 90 days). */
function calls(users: Awaited<ReturnType<typeof signedIn>>, agentCompany: number): Call[] {
  const list: Call[] = [{ report: 'bare GET /rest/health', role: '-', method: 'GET', url: '/rest/health' }];
  for (const role of Object.keys(ROLES) as RoleName[]) {
    const { token, zone } = users[role];
    const today = isoDayIn(new Date(), zone);
    const get = (report: string, url: string) => list.push({ report, role, method: 'GET', url: `/rest${url}`, token });
    get('dashboard', '/dashboard');
    get('dashboard weekly cards', '/reports/weekly-stats');
    get('recommended orders', '/recommend/orders');
    get('report: dashboard (12 months + 12 weeks)', '/reports/dashboard');
    get('report: cohorts', '/reports/cohorts');
    get('report: lead volume', '/reports/lead-volume');
    get('report: lead volume by order', '/reports/orders/lead-volume');
    get('report: rankings', '/reports');
    get('report: vendors', '/reports/vendor/ratings');
    get('report: vendors CSV', '/reports/vendor/ratings/export');
    get('report: calls', '/reports/calls');
    get('report: return reasons', '/reports/returns/reasons');
    get('report: return rates', '/reports/returns');
    get('report: packages', '/reports/packages/lead-volume');
    get('report: agent status', '/reports/agent-status');
    get('report: agent status, new leads', '/reports/agent-status/new');
    get('report: digital ads', `/leads/${agentCompany}/digital-ads-report`);
    list.push({ report: 'report: financial', role, method: 'POST', url: '/rest/reports/financial', token,
      body: { companyId: agentCompany, dateFrom: addDays(today, -89), dateTo: today } });
  }
  return list;
}

const request = (app: FastifyInstance, c: Call) => app.inject({
  method: c.method, url: c.url, payload: c.body as never,
  headers: c.token ? { authorization: `Bearer ${c.token}` } : {},
});

/** One measured request: anything but a 200 (an expired session, say) stops the bench rather than timing an error. */
async function send(app: FastifyInstance, c: Call): Promise<void> {
  const res = await request(app, c);
  if (res.statusCode !== 200) throw new Error(`${c.method} ${c.url} as ${c.role}: ${res.statusCode} ${res.body.slice(0, 300)}`);
}

/** CPU seconds (user + system) so far of each PostgreSQL backend serving this database, by pid (null: not on this machine). */
async function backendCpu(db: Db): Promise<Map<number, number> | null> {
  const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const out = new Map<number, number>();
  try {
    for (const { pid } of rows) {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) / 100); // utime, stime (fields 14 and 15), in ticks of 10 ms
    }
  } catch {
    return null; // a server elsewhere
  }
  return out;
}

/** The CPU the backends spent between two readings (a backend started between them counts from zero). */
const cpuBetween = (a: Map<number, number> | null, b: Map<number, number> | null): number | null =>
  a && b ? [...b].reduce((s, [pid, t]) => s + t - (a.get(pid) ?? 0), 0) : null;

const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(10);

/** A book's server, signed in, with the calls each role is offered there. */
interface Served { size: number; db: Db; app: FastifyInstance; offered: Call[]; skipped: string[] }

async function serve(size: number, db: Db): Promise<Served> {
  // The server's clock stands still at the bench's start, so no session idles out while a slow report is timed.
  const at = new Date();
  const ctx = await createContext({ ...loadConfig({}), webDir: '/nonexistent-web-dir', seedDemo: false, sessionCache: true }, { db, clock: { now: () => at } });
  const app = await buildApp(ctx);
  await app.ready();
  // The bench gives the demo agent the digital-ads feature, so that report is measured for an agent too.
  await db.query(`UPDATE users SET features = array_append(features, 'digital-ads') WHERE email = $1 AND NOT 'digital-ads' = ANY(features)`, [ROLES.agent]);
  const users = await signedIn(db, at);
  const all = calls(users, users.agent.companyId!);
  // Each call once: what the role is not offered (403) is left out, anything else failing stops the bench.
  const offered: Call[] = [];
  for (const c of all) {
    const res = await request(app, c);
    if (res.statusCode === 200) offered.push(c);
    else if (res.statusCode !== 403) throw new Error(`${c.method} ${c.url} as ${c.role}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  for (let i = 0; i < 3; i++) for (const c of offered) await send(app, c);
  return { size, db, app, offered, skipped: all.filter((c) => !offered.includes(c)).map((c) => `${c.report} (${c.role})`) };
}

/** CPU per request of each call: the call alone, CPU_RUNS times in a row. */
async function cpuOf(kind: BookKind, s: Served): Promise<Array<{ server: number; database: number | null }>> {
  const cpu = [] as Array<{ server: number; database: number | null }>;
  for (const c of s.offered) {
    const db0 = kind === 'postgres' ? await backendCpu(s.db) : null;
    const u0 = process.cpuUsage();
    for (let i = 0; i < CPU_RUNS; i++) await send(s.app, c);
    const u = process.cpuUsage(u0);
    const db1 = kind === 'postgres' ? await backendCpu(s.db) : null;
    const dbSeconds = cpuBetween(db0, db1);
    cpu.push({ server: (u.user + u.system) / 1000 / CPU_RUNS, database: dbSeconds === null ? null : (dbSeconds * 1000) / CPU_RUNS });
  }
  return cpu;
}

const key = (c: Call) => `${c.report}|${c.role}`;

/**
 * Every size's books measured in the same rounds: each round asks every call of one book,
 * then of the next, so the machine's load at any moment falls on every size alike and the
 * ratio of the largest book's p95 to the smallest's is read from one run.
 */
async function measure(kind: BookKind, books: Served[]): Promise<Array<Map<string, { p50: number; p95: number }>>> {
  const times = books.map((b) => b.offered.map(() => [] as number[]));
  for (let r = 0; r < RUNS; r++) {
    for (const [j, b] of books.entries()) {
      for (const [i, c] of b.offered.entries()) {
        const t0 = performance.now();
        await send(b.app, c);
        times[j][i].push(performance.now() - t0);
      }
    }
  }
  const out: Array<Map<string, { p50: number; p95: number }>> = [];
  for (const [j, b] of books.entries()) {
    const cpu = await cpuOf(kind, b);
    const bare95 = pct(times[j][0], 95);
    console.log(`\n== ${kind}, ${b.size.toLocaleString('en-US')} leads: ${RUNS} rounds, interleaved with ${books.length - 1} other book(s); CPU over ${CPU_RUNS} requests in a row`);
    console.log(`  ${'report'.padEnd(42)} ${'role'.padEnd(8)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p95/bare'.padStart(9)} ${'server CPU'.padStart(11)} ${'db CPU'.padStart(9)}`);
    const result = new Map<string, { p50: number; p95: number }>();
    for (const [i, c] of b.offered.entries()) {
      const p50 = pct(times[j][i], 50);
      const p95 = pct(times[j][i], 95);
      result.set(key(c), { p50, p95 });
      const dbCpu = cpu[i].database === null ? (kind === 'pglite' ? 'in server' : '?') : ms(cpu[i].database!);
      console.log(`  ${c.report.padEnd(42)} ${c.role.padEnd(8)} ${ms(p50)} ${ms(p95)} ${(p95 / bare95).toFixed(1).padStart(8)}x ${ms(cpu[i].server).padStart(11)} ${dbCpu.padStart(9)}`);
    }
    if (b.skipped.length) console.log(`  not offered (403): ${b.skipped.join('; ')}`);
    const worst = [...result].filter(([k]) => !k.startsWith('bare')).sort((x, y) => y[1].p95 - x[1].p95)[0];
    console.log(`  slowest p95: ${worst[0].replace('|', ', ')} ${ms(worst[1].p95).trim()}`);
    out.push(result);
  }
  return out;
}

/** The largest book's p50 and p95 over the smallest's, per report, from the same rounds. */
function printRatios(kind: BookKind, small: Map<string, { p50: number; p95: number }>, large: Map<string, { p50: number; p95: number }>) {
  console.log(`\n== ${kind}: ${SIZES[SIZES.length - 1].toLocaleString('en-US')} leads over ${SIZES[0].toLocaleString('en-US')} (same rounds)`);
  console.log(`  ${'report'.padEnd(52)} ${'p50 ratio'.padStart(10)} ${'p95 ratio'.padStart(10)}`);
  const rows = [...large].filter(([k]) => small.has(k)).map(([k, v]) => ({ k, p50: v.p50 / small.get(k)!.p50, p95: v.p95 / small.get(k)!.p95 }));
  for (const r of rows.sort((x, y) => y.p95 - x.p95)) {
    console.log(`  ${r.k.replace('|', ', ').padEnd(52)} ${r.p50.toFixed(2).padStart(10)} ${r.p95.toFixed(2).padStart(10)}`);
  }
}

const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as BookKind];
for (const kind of kinds) {
  const books: Served[] = [];
  for (const size of SIZES) {
    const db = await openBook(kind, `reports_${size >= 1e6 ? `${size / 1e6}m` : size}`, size);
    const { rows: [n] } = await db.query<{ n: number; r: number; o: number }>(
      `SELECT (SELECT count(*) FROM leads)::int AS n, (SELECT count(*) FROM lead_rollup_daily)::int AS r,
              (SELECT count(*) FROM order_rollup_daily)::int AS o`);
    console.log(`\n${kind}: ${n.n.toLocaleString('en-US')} leads, ${n.r.toLocaleString('en-US')} rows in lead_rollup_daily, ${n.o.toLocaleString('en-US')} in order_rollup_daily`);
    books.push(await serve(size, db));
  }
  const results = await measure(kind, books);
  if (results.length > 1) printRatios(kind, results[0], results[results.length - 1]);
  for (const b of books) {
    await b.app.close();
    await b.db.close();
  }
}
process.exit(0);
