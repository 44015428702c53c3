/**
 * `npm run bench:leads`: lead search on a book of 1,000,000 leads (seed:large's), on
 * PGlite and on PostgreSQL. Prints p50 and p95 of a filtered, sorted page and of the tab
 * counts (admin: every lead; agent: one company's), beside a primary-key lookup measured
 * in the same rounds (alternating, so drift hits all alike), and the time and peak memory
 * of exporting every lead as CSV through the server's stream.
 * Options: --leads 1000000 --runs 200 --db pglite|postgres|both --no-export --plans.
 * PGlite's book lives in .bench-data/ (kept between runs); PostgreSQL's in the database
 * leadline_bench_leads on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test).
 */
import { readFileSync } from 'node:fs';
import { pipeline, Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify';
import { addDays } from '../src/domain/time/days';
import { isoDayIn } from '../src/domain/time/zone';
import { defaultLeadQuery, type LeadQuery } from '../src/domain/leads/filters';
import type { Db } from '../src/server/db/db';
import { openBook, pct } from './large-book';
import { LARGE_STATES } from '../src/server/seed/large';
import type { Scope as LeadScope } from '../src/domain/access/scope';
import { countLeadRows, countLeads, EXPORT_COLUMNS, exportBatches, exportRecord, keptSql, searchLeads } from '../src/server/services/leads';
import { keptBuckets } from '../src/domain/leads/kept-counts';
import { dayRangeIn } from '../src/domain/time/zone';

const { values } = parseArgs({ options: {
  leads: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '200' }, db: { type: 'string', default: 'both' },
  'no-export': { type: 'boolean', default: false }, plans: { type: 'boolean', default: false },
} });
const TARGET = Number(values.leads);
const RUNS = Number(values.runs);
const ZONE = 'America/New_York';

const ms = (n: number) => `${n.toFixed(2)} ms`;
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

type Scenario = { name: string; run: () => Promise<unknown> };

async function scenarios(db: Db): Promise<{ list: Scenario[]; pk: Scenario; ids: [number, number] }> {
  const today = isoDayIn(new Date(), ZONE);
  const { rows: [range] } = await db.query<{ lo: number; hi: number }>('SELECT min(id) AS lo, max(id) AS hi FROM leads');
  const { rows: [big] } = await db.query<{ company_id: number }>(
    'SELECT company_id FROM leads GROUP BY company_id ORDER BY count(*) DESC LIMIT 1');
  const admin: LeadScope = { kind: 'all' };
  const company: LeadScope = { kind: 'company', companyId: big.company_id };
  const base = (): LeadQuery => ({ ...defaultLeadQuery(today), limit: 50 });
  const page = (scope: LeadScope, extra: () => Partial<LeadQuery>) => () => searchLeads(db, { ...base(), ...extra() }, scope, ZONE);
  const counts = (scope: LeadScope, extra: () => Partial<LeadQuery>) => () => countLeads(db, { ...base(), ...extra() }, scope, ZONE);
  // The same counts from the rows, as before the kept counts (migration 034): the baseline of the same run.
  const rowCounts = (scope: LeadScope, extra: () => Partial<LeadQuery>) => () => countLeadRows(db, { ...base(), ...extra() }, scope, ZONE);
  const { rows: [agent] } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM leads WHERE company_id = $1 GROUP BY user_id ORDER BY count(*) DESC LIMIT 1', [big.company_id]);
  const year = () => ({ dateFrom: addDays(today, -395) });
  const filtered = () => ({ vertical: pick(['autoins', 'homeins'] as const), states: [pick(LARGE_STATES), pick(LARGE_STATES)].sort(), page: 1 + Math.floor(rand() * 3) });
  return {
    ids: [range.lo, range.hi],
    pk: { name: 'primary-key lookup', run: () => db.query('SELECT * FROM leads WHERE id = $1', [range.lo + Math.floor(rand() * (range.hi - range.lo))]) },
    list: [
      { name: 'page, admin, tab new, 10 days, vertical + 2 states, by date', run: page(admin, filtered) },
      { name: 'page, admin, tab all, 10 days, no filter, by date', run: page(admin, () => ({ tab: 'all' })) },
      { name: 'page, agent company, tab new, 10 days, by date', run: page(company, () => ({ page: 1 + Math.floor(rand() * 2) })) },
      { name: 'page, admin, tab quoted, this month, by price', run: page(admin, () => ({ tab: 'quoted', dateFrom: `${today.slice(0, 8)}01`, sort: 'price' })) },
      { name: 'tab counts, admin, 10 days', run: counts(admin, () => ({})) },
      { name: 'tab counts, admin, 10 days, vertical + 2 states', run: counts(admin, filtered) },
      { name: 'tab counts, agent company, 10 days', run: counts(company, () => ({})) },
      { name: 'tab counts, agent company, 13 months', run: counts(company, year) },
      { name: 'tab counts, agent company, 13 months, counting rows', run: rowCounts(company, year) },
      { name: 'page, agent company, tab quoted, 13 months, by date', run: page(company, () => ({ ...year(), tab: 'quoted' })) },
      { name: 'tab counts, one agent, 13 months', run: counts({ kind: 'user', userId: agent.user_id }, year) },
      { name: 'tab counts, admin, 13 months', run: counts(admin, year) },
      { name: 'tab counts, admin, 13 months, counting rows', run: rowCounts(admin, year) },
    ],
  };
}

/** The machine's load average (1, 5, 15 minutes): the figures are read against it. */
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function measure(kind: string, db: Db) {
  const { list, pk } = await scenarios(db);
  const load0 = loadavg();
  for (const s of [pk, ...list]) for (let i = 0; i < 5; i++) await s.run(); // warm up
  const times = new Map<string, number[]>([[pk.name, []], ...list.map((s) => [s.name, []] as [string, number[]])]);
  for (let r = 0; r < RUNS; r++) {
    for (const s of [pk, ...list]) {
      const t0 = performance.now();
      await s.run();
      times.get(s.name)!.push(performance.now() - t0);
    }
  }
  const pk95 = pct(times.get(pk.name)!, 95);
  console.log(`\n${kind}: ${RUNS} runs each, interleaved; load average before ${load0}, after ${loadavg()}`);
  console.log(`  ${'what'.padEnd(64)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}  p95 / pk p95`);
  for (const [name, xs] of times) {
    console.log(`  ${name.padEnd(64)} ${ms(pct(xs, 50)).padStart(10)} ${ms(pct(xs, 95)).padStart(10)}  ${(pct(xs, 95) / pk95).toFixed(1)}x`);
  }
}

/** Export every lead of 13 months (tab all, admin) to nowhere; time and peak memory. */
async function exportAll(kind: string, db: Db) {
  const today = isoDayIn(new Date(), ZONE);
  const query: LeadQuery = { ...defaultLeadQuery(today, 'all'), dateFrom: addDays(today, -400) };
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peakRss = rss0;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  let rows = 0;
  let bytes = 0;
  const t0 = performance.now();
  const records = async function* () {
    for await (const batch of exportBatches(db, query, { kind: 'all' }, ZONE)) for (const r of batch) {
      rows++;
      yield exportRecord(r);
    }
  };
  const sink = new Writable({ write(chunk: Buffer, _e, done) { bytes += chunk.length; done(); } });
  await promisify(pipeline)(Readable.from(records()), stringify({ header: true, columns: [...EXPORT_COLUMNS] }), sink);
  clearInterval(timer);
  const secs = (performance.now() - t0) / 1000;
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;
  console.log(`  export ${kind}: ${rows.toLocaleString('en-US')} rows, ${mb(bytes)} of CSV in ${secs.toFixed(1)} s (${Math.round(rows / secs).toLocaleString('en-US')} rows/s); ` +
    `peak RSS ${mb(peakRss)} (+${mb(peakRss - rss0)} over the start), peak heap ${mb(peakHeap)}`);
}

async function plans(db: Db) {
  const today = isoDayIn(new Date(), ZONE);
  const { rows: [big] } = await db.query<{ company_id: number }>('SELECT company_id FROM leads GROUP BY company_id ORDER BY count(*) DESC LIMIT 1');
  const from = addDays(today, -9);
  const show = async (title: string, sql: string, params: unknown[]) => {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
    console.log(`\n-- ${title}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  };
  const range = `l.inserted_at >= '${from}'::date AND l.inserted_at < '${today}'::date + 1`;
  const worked = `(l.return_status IS NULL OR l.return_status IN ('return_denied', 'return_dispute_denied'))`;
  await show('page: admin, tab new, vertical + states, newest first', `SELECT l.id FROM leads l WHERE ${range} AND l.state = ANY($1::char(2)[]) AND l.vertical = 'autoins'
    AND l.agent_status = 'new' AND ${worked} ORDER BY l.inserted_at DESC, l.id DESC LIMIT 50`, [['TX', 'FL']]);
  await show('page: one company, tab new', `SELECT l.id FROM leads l WHERE l.company_id = ${big.company_id}
    AND ${range} AND l.agent_status = 'new' AND ${worked} ORDER BY l.inserted_at DESC, l.id DESC LIMIT 50`, []);
  await show('page: admin, tab quoted, this month, by price', `SELECT l.id FROM leads l WHERE l.inserted_at >= '${today.slice(0, 8)}01'::date
    AND l.inserted_at < '${today}'::date + 1 AND l.agent_status = 'quoted' AND ${worked} ORDER BY l.price_cents DESC, l.id DESC LIMIT 50`, []);
  await show('tab counts: one company, 13 months', `SELECT count(*) FILTER (WHERE l.agent_status = 'new' AND ${worked}), count(*)
    FROM leads l WHERE l.company_id = ${big.company_id} AND l.inserted_at >= '${addDays(today, -395)}'::date`, []);
  const kept = keptSql({ kind: 'company', companyId: big.company_id }, keptBuckets(dayRangeIn({ from: addDays(today, -395), to: today }, ZONE))!);
  await show('tab counts: one company, 13 months, kept counts (migration 034)', kept.sql, kept.params);
  const keptAll = keptSql({ kind: 'all' }, keptBuckets(dayRangeIn({ from: addDays(today, -395), to: today }, ZONE))!);
  await show('tab counts: admin, 13 months, kept counts (migration 034)', keptAll.sql, keptAll.params);
  await show('tab counts: admin', `SELECT count(*) FILTER (WHERE l.agent_status = 'new' AND ${worked}), count(*) FILTER (WHERE l.return_status IS NOT NULL), count(*)
    FROM leads l WHERE ${range}`, []);
  await show('export batch: keyset after a row', `SELECT l.id FROM leads l WHERE l.inserted_at >= now() - interval '400 days'
    AND (l.inserted_at, l.id) < (now() - interval '30 days', 2147483647) ORDER BY l.inserted_at DESC, l.id DESC LIMIT 2000`, []);
}

const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres'];
for (const kind of kinds) {
  const t0 = performance.now();
  const db = await openBook(kind, 'leads', TARGET);
  console.log(`  [${kind}] book opened (migrations, any seeding) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { rows: [n] } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads');
  console.log(`\n== ${kind}: ${n.n.toLocaleString('en-US')} leads`);
  await measure(kind, db);
  if (values.plans) await plans(db);
  if (!values['no-export']) await exportAll(kind, db);
  await db.close();
}
process.exit(0);
