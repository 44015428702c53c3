/**
 * `npm run bench:reports`: the dashboard and every report on large books (seed:large's),
 * for an agent, a regional manager and an admin, through the real app (Fastify's inject:
 * routing, auth, contract checks, handler, service, SQL), beside the bare GET /rest/health
 * measured in the same rounds. Per book size (--leads 1000000,10000000, grown in place)
 * and database (PGlite, PostgreSQL): p50 and p95 of each report and role, interleaved so
 * drift hits all alike, and the CPU per request of the server process and, on PostgreSQL,
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

async function measure(kind: BookKind, size: number, db: Db) {
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
  const times = offered.map(() => [] as number[]);
  for (let r = 0; r < RUNS; r++) {
    for (const [i, c] of offered.entries()) {
      const t0 = performance.now();
      await send(app, c);
      times[i].push(performance.now() - t0);
    }
  }
  // CPU per request: each call alone, CPU_RUNS times in a row.
  const cpu = [] as Array<{ server: number; database: number | null }>;
  for (const c of offered) {
    const db0 = kind === 'postgres' ? await backendCpu(db) : null;
    const u0 = process.cpuUsage();
    for (let i = 0; i < CPU_RUNS; i++) await send(app, c);
    const u = process.cpuUsage(u0);
    const db1 = kind === 'postgres' ? await backendCpu(db) : null;
    const dbSeconds = cpuBetween(db0, db1);
    cpu.push({ server: (u.user + u.system) / 1000 / CPU_RUNS, database: dbSeconds === null ? null : (dbSeconds * 1000) / CPU_RUNS });
  }
  const bare95 = pct(times[0], 95);
  console.log(`\n== ${kind}, ${size.toLocaleString('en-US')} leads: ${RUNS} rounds, interleaved; CPU over ${CPU_RUNS} requests in a row`);
  console.log(`  ${'report'.padEnd(42)} ${'role'.padEnd(8)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p95/bare'.padStart(9)} ${'server CPU'.padStart(11)} ${'db CPU'.padStart(9)}`);
  const result: Record<string, number> = {};
  for (const [i, c] of offered.entries()) {
    const p95 = pct(times[i], 95);
    result[`${c.report}|${c.role}`] = p95;
    const dbCpu = cpu[i].database === null ? (kind === 'pglite' ? 'in server' : '?') : ms(cpu[i].database!);
    console.log(`  ${c.report.padEnd(42)} ${c.role.padEnd(8)} ${ms(pct(times[i], 50))} ${ms(p95)} ${(p95 / bare95).toFixed(1).padStart(8)}x ${ms(cpu[i].server).padStart(11)} ${dbCpu.padStart(9)}`);
  }
  const skipped = all.filter((c) => !offered.includes(c)).map((c) => `${c.report} (${c.role})`);
  if (skipped.length) console.log(`  not offered (403): ${skipped.join('; ')}`);
  const worst = Object.entries(result).filter(([k]) => !k.startsWith('bare')).sort((a, b) => b[1] - a[1])[0];
  console.log(`  slowest p95: ${worst[0].replace('|', ', ')} ${ms(worst[1]).trim()}`);
  await app.close();
  return result;
}

const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as BookKind];
for (const kind of kinds) {
  const bySize: Array<Record<string, number>> = [];
  for (const size of SIZES) {
    const db = await openBook(kind, `reports_${size >= 1e6 ? `${size / 1e6}m` : size}`, size);
    const { rows: [n] } = await db.query<{ n: number; r: number }>('SELECT (SELECT count(*) FROM leads)::int AS n, (SELECT count(*) FROM lead_rollup_daily)::int AS r');
    console.log(`\n${kind}: ${n.n.toLocaleString('en-US')} leads, ${n.r.toLocaleString('en-US')} rollup rows`);
    bySize.push(await measure(kind, size, db));
    await db.close();
  }
  if (bySize.length > 1) {
    const [a, b] = [bySize[0], bySize[bySize.length - 1]];
    const ratios = Object.keys(b).filter((k) => a[k] && !k.startsWith('bare')).map((k) => ({ k, r: b[k] / a[k] })).sort((x, y) => y.r - x.r);
    console.log(`\n${kind}: p95 at ${SIZES[SIZES.length - 1].toLocaleString('en-US')} over p95 at ${SIZES[0].toLocaleString('en-US')} leads; highest: ` +
      ratios.slice(0, 5).map((x) => `${x.k.replace('|', ', ')} ${x.r.toFixed(2)}`).join('; ') +
      `; bare route ${(b['bare GET /rest/health|-'] / a['bare GET /rest/health|-']).toFixed(2)}`);
  }
}
process.exit(0);
