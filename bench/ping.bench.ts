/**
 * `npm run bench:ping`: the vendor ping path of the real server with 10,000 active lead
 * orders over the US, beside the bare GET /rest/health of the same server in the same
 * run. The server runs in a process of its own (bench/ping-server.ts, forked); this
 * process is the load generator. CPU is counted apart: the server process's from
 * /proc/<pid>/stat, its database's PostgreSQL backends' from pg_stat_activity and /proc
 * (bench/ping-cpu.ts), the load generator's own beside them.
 *
 * Without a scenario option, per database (PGlite; PostgreSQL too when DATABASE_URL is
 * set): a closed loop (--concurrency requests in flight for --seconds: the most pings a
 * second) and an open loop at --rate requests a second (PGlite: at most 80 % of its
 * closed-loop rate), each with p50 and p99 latency; the queries the server sent per ping;
 * CPU per request and pings/s over health/s. Then orders are edited while pinging (--edits
 * times, alone and beside the closed loop): an agent changes an order's caps through PATCH
 * /rest/orders/{id}/caps and pings a ZIP of that order at once (the first ping after the
 * edit), then again (the next ping). Last, the sale path: direct posts with the report and
 * market rollups' triggers off, then on (twice each), so the rollups' cost to a sale is a
 * ratio within one run; then, rollups on, every buyer without and with a running
 * cost-share promotion (twice each): what applying promotions costs a sale.
 * Options: --db pglite|postgres|both, --orders 10000, --seconds 5, --rate 1000,
 * --concurrency 16, --edits 30, --cpu-prof (the server profiled during the closed loop of
 * pings, its top self time printed; bench/cpu-profile.ts reads a saved profile again),
 * --skip-sales (no sale path: the ping path's figures alone, as for comparing two commits),
 * --ratio-rounds 3 (pings/s over health/s again in that many rounds of a health loop then a
 * ping loop of half --seconds each: a shared machine's speed drifts between two phases,
 * and each round's ratio is printed with their median).
 *
 * Scenarios (each instead of the above):
 * --history N [--keep]: an empty book and a book with N sold leads over the orders and 13
 *   months (bench/ping-history.ts), both servers up, --rounds 3 closed loops each in turn;
 *   CPU per ping and latencies of the second over the first. --keep keeps the PostgreSQL
 *   database leadline_bench_ping_<orders>o_<N>h and reuses it (no seeding next time).
 * --area 100,1000: books whose pinged areas hold about that many orders each (the same
 *   --orders in every book), compared the same way. --bid-levels 40: how many different
 *   bids the orders make (a shortlist reads a run of equal bids whole).
 * --instances N (PostgreSQL): N server processes on one database with small caps and
 *   balances: pings/s of one against all, then a burst of posts (--posts 2000) with
 *   duplicate contacts beside pings through all at once, and the overshoot of every rule
 *   counted from the database (bench/ping-instances.ts).
 * --soak SECONDS (with --rate; on an area book with --area A): an open loop, engine_pings's
 *   size and rows every 30 s. --soak-day-seconds N: the server's clock movable, a day
 *   passed every N seconds and the ping-history job run with --retention-days 3
 *   (bench/ping-soak-days.ts), so the soak shows the days dropped.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { summarize } from './cpu-profile';
import { editAndPing, type EditProbes } from './ping-edits';
import type { Sample, Shot } from './ping-http';
import { compareBooks, type Book } from './ping-compare';
import { Backends, loadavg, spent, type Spent } from './ping-cpu';
import { instancesPhase } from './ping-instances';
import { soak } from './ping-soak';
import { closedLoop, closedLoopSamples, fmt, healthShot, openLoop, pingShot, type Figures } from './ping-load';
import { median } from './median';
import { startServer, type Server } from './ping-process';
import { stallsText, watchStalls, type Stalls } from './stalls';
import type { BookLoads, PingServerData } from './ping-server';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    orders: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '5' },
    rate: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '16' },
    edits: { type: 'string', default: '30' },
    'cpu-prof': { type: 'boolean', default: false },
    history: { type: 'string' },
    keep: { type: 'boolean', default: false },
    area: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    instances: { type: 'string' },
    posts: { type: 'string', default: '2000' },
    soak: { type: 'string' },
    'soak-day-seconds': { type: 'string' },
    'retention-days': { type: 'string', default: '3' },
    'bid-levels': { type: 'string' },
    'skip-sales': { type: 'boolean', default: false },
    'ratio-rounds': { type: 'string', default: '3' },
  },
});
const url = process.env.DATABASE_URL;
const which = values.db ?? (url ? 'both' : 'pglite');
const kinds = (which === 'both' ? ['pglite', 'postgres'] : [which]) as Array<PingServerData['kind']>;
if (kinds.includes('postgres') && !url) throw new Error('--db postgres needs DATABASE_URL');
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const concurrency = Number(values.concurrency);
const edits = Number(values.edits);
const TOKEN = 'bench-sales-token';
const AUTH = `Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}`;
/** Where the server's profile of the closed loop goes (--cpu-prof). */
function profileFile(kind: string): string {
  mkdirSync('.bench-data', { recursive: true });
  return `.bench-data/ping-${kind}-${Date.now()}.cpuprofile`;
}
const printProfile = (file: string) => summarize(file).forEach((l) => console.log(l));
const closed = (port: number, s: Shot) => closedLoop(port, s, concurrency, seconds);
const closedSamples = (port: number, s: Shot) => closedLoopSamples(port, s, concurrency, seconds);

setTimeout(() => {
  console.error('bench:ping did not finish in time');
  process.exit(2);
}, kinds.length * (240 + 14 * seconds + edits + Number(values.history ?? 0) / 2000 + Number(values.soak ?? 0)) * 1000).unref();

/** CPU per request of a phase: the server process, its database's backends (PostgreSQL), the load generator. */
const cpuPer = (c: Spent, n: number) => `server ${fmt((c.servers[0] * 1000) / n, 3)} ms, PostgreSQL backends ${fmt((c.postgres * 1000) / n, 3)} ms, `
  + `together ${fmt(((c.servers[0] + c.postgres) * 1000) / n, 3)} ms (load generator ${fmt((c.load * 1000) / n, 3)} ms)`;

const ms = (xs: Sample[]) => xs.filter((x) => x.ok).map((x) => x.ms).sort((a, b) => a - b);
const p50 = (xs: Sample[]) => ms(xs)[Math.floor(ms(xs).length / 2)] ?? NaN;
const max = (xs: Sample[]) => ms(xs).at(-1) ?? NaN;
const late = (xs: Sample[]) => xs.filter((x) => !x.ok || x.deadline).length;
const loadsSince = (a: BookLoads, b: BookLoads) => `book loads whole +${b.whole - a.whole}, changed orders +${b.changes - a.changes}`;

/**
 * Orders edited while pinging: the edits alone (an edit, the first ping after it, the
 * next), then the same beside the closed loop of pings. Measured now, printed by the
 * function it returns (after the main figures).
 */
async function editPhase(kind: string, server: Server, backends: Backends, ping: Shot): Promise<() => void> {
  const o = { n: edits, editor: server.editor, editable: server.editable, vendorAuth: AUTH };
  const l0 = (await server.counts()).loads;
  const { result: alone, cpu } = await spent([server.pid], backends, () => editAndPing(server.port, o));
  const l1 = (await server.counts()).loads;
  const [loop, busy] = await Promise.all([closedSamples(server.port, ping), editAndPing(server.port, o)]);
  const l2 = (await server.counts()).loads;
  const line = (label: string, p: EditProbes, base: Sample[], baseLabel: string) =>
    `  ${kind}: ${label}: first ping after an edit p50 ${fmt(p50(p.first), 1)} ms, max ${fmt(max(p.first), 1)}; ${baseLabel} p50 ${fmt(p50(base), 1)} ms, `
    + `max ${fmt(max(base), 1)}; ratio p50 ${fmt(p50(p.first) / p50(base), 2)}, max ${fmt(max(p.first) / max(base), 2)}; edit p50 ${fmt(p50(p.edits), 1)} ms; `
    + `deadline or failed: first ${late(p.first)} of ${p.first.length}, ${baseLabel} ${late(base)} of ${base.length}, edits failed ${p.edits.filter((x) => !x.ok).length}`;
  return () => {
    console.log(line(`${edits} caps edits alone`, alone, alone.next, 'next ping') + `; ${loadsSince(l0, l1)}`);
    console.log(`  ${kind}: CPU per edit with its two pings: ${cpuPer(cpu, edits)}`);
    console.log(line(`${edits} caps edits beside the closed loop ${concurrency}`, busy, loop, 'the loop\'s pings') + `; ${loadsSince(l1, l2)}`);
  };
}

/**
 * The sale path with and without the rollups: direct posts (POST /rest/v2/post, each a new
 * consumer, so each sells) in a closed loop, the rollup triggers off then on, twice, in
 * the same server. Measured now, printed by the function it returns.
 */
async function salePhase(kind: string, server: Server, backends: Backends): Promise<() => void> {
  let n = 0;
  const post: Shot = { method: 'POST', path: '/rest/v2/post', auth: AUTH, body: () => {
    n += 1;
    return JSON.stringify({ vertical: 'autoins', zipcode: server.zips[n % server.zips.length], first_name: 'Bench', last_name: `Buyer${n}`,
      home_phone: `555${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(4, '0')}`, email: `sale${n}-${process.pid}@bench.test` });
  } };
  type Mode = 'off' | 'on' | 'plain' | 'promoted';
  const by: Record<Mode, Sample[]> = { off: [], on: [], plain: [], promoted: [] };
  const cpu = { off: 0, on: 0, plain: 0, promoted: 0 };
  const secs = { off: 0, on: 0, plain: 0, promoted: 0 };
  await closedSamples(server.port, post); // warm-up
  for (const mode of ['off', 'on', 'off', 'on', 'plain', 'promoted', 'plain', 'promoted'] as const) {
    if (mode === 'off' || mode === 'on') await server.ask({ cmd: 'rollups', on: mode === 'on' });
    else await server.ask({ cmd: 'promotions', on: mode === 'promoted' });
    const t0 = performance.now();
    const { result, cpu: c } = await spent([server.pid], backends, () => closedSamples(server.port, post));
    by[mode].push(...result);
    secs[mode] += (performance.now() - t0) / 1000;
    cpu[mode] += c.servers[0] + c.postgres;
  }
  const soldOf = (xs: Sample[]) => xs.filter((x) => x.ok && x.sold);
  const f = (mode: Mode) => {
    const sold = soldOf(by[mode]);
    const ms = sold.map((x) => x.ms).sort((a, b) => a - b);
    return { perSecond: sold.length / secs[mode], p50: ms[Math.floor(ms.length / 2)] ?? NaN, p99: ms[Math.floor(ms.length * 0.99)] ?? NaN,
      cpuMs: (cpu[mode] * 1000) / Math.max(1, sold.length), sold: sold.length, n: by[mode].length };
  };
  const [off, on, plain, promoted] = [f('off'), f('on'), f('plain'), f('promoted')];
  return () => {
    const line = (label: string, x: ReturnType<typeof f>) => `${label} ${fmt(x.perSecond)} sales/s, p50 ${fmt(x.p50, 2)} ms, p99 ${fmt(x.p99, 2)} ms, `
      + `CPU ${fmt(x.cpuMs, 2)} ms per sale (server and its PostgreSQL backends), ${x.sold} sold of ${x.n}`;
    console.log(`  ${kind}: sale path, POST /rest/v2/post closed ${concurrency}: ${line('rollups off', off)}; ${line('rollups on', on)}`);
    console.log(`  ${kind}: keeping the rollups costs the sale path: p50 x${fmt(on.p50 / off.p50, 2)}, p99 x${fmt(on.p99 / off.p99, 2)}, `
      + `sales/s x${fmt(on.perSecond / off.perSecond, 2)}, CPU per sale x${fmt(on.cpuMs / off.cpuMs, 2)}`);
    console.log(`  ${kind}: sale path with every buyer in a running promotion: ${line('none running', plain)}; ${line('10 % cost share', promoted)}`);
    console.log(`  ${kind}: applying promotions costs the sale path: p50 x${fmt(promoted.p50 / plain.p50, 2)}, p99 x${fmt(promoted.p99 / plain.p99, 2)}, `
      + `sales/s x${fmt(promoted.perSecond / plain.perSecond, 2)}, CPU per sale x${fmt(promoted.cpuMs / plain.cpuMs, 2)}`);
  };
}

const table: string[][] = [['database', 'route', 'load', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'ratio to health (req/s; p99)']];

console.log(`bench:ping  load average ${loadavg()}; ${values.orders} active orders over the US; ${seconds} s per measurement; closed loop ${concurrency} in flight; open loop ${rate}/s; Node ${process.version}`);
const orders = Number(values.orders);
/** How a server of `kind` is started on a book of this shape (on PostgreSQL a scratch database, or `database` kept). */
const bidLevels = values['bid-levels'] ? Number(values['bid-levels']) : undefined;
const serverData = (kind: PingServerData['kind'], shape: { history?: number; area?: number; database?: string }): PingServerData =>
  kind === 'postgres' ? { kind, url: url!, database: shape.database, orders, token: TOKEN, history: shape.history ?? 0, area: shape.area, bidLevels }
    : { kind, orders, token: TOKEN, history: shape.history ?? 0, area: shape.area, bidLevels };
if (values.instances) {
  if (!url) throw new Error('--instances needs DATABASE_URL (PostgreSQL)');
  await instancesPhase({ url, instances: Number(values.instances), orders, token: TOKEN, auth: AUTH, concurrency, seconds, rounds: Number(values.rounds), posts: Number(values.posts) });
  process.exit(0);
}
const daySeconds = values['soak-day-seconds'] ? Number(values['soak-day-seconds']) : undefined;
for (const kind of values.soak ? kinds : []) {
  const server = await startServer({ ...serverData(kind, { area: values.area ? Number(values.area) : undefined }),
    retentionDays: daySeconds ? Number(values['retention-days']) : undefined });
  await soak(kind, server, { auth: AUTH, seconds: Number(values.soak), rate, daySeconds });
  await server.stop();
}
if (values.soak) process.exit(0);
const comparing = values.history || values.area;
for (const kind of comparing ? kinds : []) {
  const books: Book[] = values.history
    ? [{ label: 'empty book', data: serverData(kind, {}) }, { label: `book with ${Number(values.history).toLocaleString('en-US')} sold leads`,
      data: serverData(kind, { history: Number(values.history), database: values.keep ? `leadline_bench_ping_${orders}o_${values.history}h` : undefined }) }]
    : values.area!.split(',').map((a) => ({ label: `about ${a} orders in a lead's area`, data: serverData(kind, { area: Number(a) }) }));
  await compareBooks(kind, books, { url: kind === 'postgres' ? url : undefined, auth: AUTH, concurrency, seconds, rounds: Number(values.rounds) });
}
for (const kind of comparing ? [] : kinds) {
  const t0 = performance.now();
  const server = await startServer(serverData(kind, {}));
  console.log(`  ${kind}: server (pid ${server.pid}) ready in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  const backends = new Backends(kind === 'postgres' ? url : undefined, server.database ? [server.database] : []);
  const ping = pingShot(server.zips, AUTH);
  await closed(server.port, ping); // warm-up: statements prepared, caches filled
  await closed(server.port, healthShot);
  const { result: health, cpu: hc } = await spent([server.pid], backends, () => closed(server.port, healthShot));
  const q0 = (await server.counts()).queries;
  if (values['cpu-prof']) await server.ask({ cmd: 'profile:start' });
  const { result: pinged, cpu: pc } = await spent([server.pid], backends, () => closed(server.port, ping));
  const profile = values['cpu-prof'] ? await server.ask<string>({ cmd: 'profile:stop', file: profileFile(kind) }) : null;
  const perPing = ((await server.counts()).queries - q0) / pinged.n;
  const ratios: number[] = [];
  for (let i = 0; i < Number(values['ratio-rounds']); i++) {
    const h = await closedLoop(server.port, healthShot, concurrency, seconds / 2);
    ratios.push((await closedLoop(server.port, ping, concurrency, seconds / 2)).perSecond / h.perSecond);
  }
  const openRate = kind === 'pglite' ? Math.min(rate, Math.floor(pinged.perSecond * 0.8)) : rate;
  const healthOpen = await openLoop(server.port, healthShot, openRate, seconds);
  const checkpoints = () => (kind === 'postgres' ? server.query<{ n: number }>('SELECT (checkpoints_timed + checkpoints_req)::int AS n FROM pg_stat_bgwriter') : Promise.resolve([{ n: 0 }]));
  const [c0] = await checkpoints();
  await server.ask({ cmd: 'stalls:start' });
  const ownStalls = watchStalls();
  const pingOpen = await openLoop(server.port, ping, openRate, seconds);
  const stalled = { server: await server.ask<Stalls>({ cmd: 'stalls:stop' }), generator: ownStalls(), checkpoints: (await checkpoints())[0].n - c0.n };
  const edited = edits > 0 ? await editPhase(kind, server, backends, ping) : null;
  const sales = values['skip-sales'] ? () => {} : await salePhase(kind, server, backends);
  await server.stop();
  const row = (route: string, load: string, f: Figures, base?: Figures) => table.push([kind, route, load, fmt(f.perSecond), fmt(f.p50, 2), fmt(f.p99, 2), String(f.failed),
    base ? `${fmt(f.perSecond / base.perSecond, 3)}; ${fmt(f.p99 / base.p99, 1)}x` : '']);
  row('GET /rest/health', `closed ${concurrency}`, health);
  row('POST /rest/v2/ping', `closed ${concurrency}`, pinged, health);
  row('GET /rest/health', `open ${openRate}/s`, healthOpen);
  row('POST /rest/v2/ping', `open ${openRate}/s`, pingOpen, healthOpen);
  console.log(`  ${kind}: ${fmt(perPing, 2)} queries per ping (named statements: the shortlist's moving facts with the book's version; the ping writer's batch, `
    + `shared; the vendor's token and count are in memory); matched ${fmt((100 * pinged.matched) / pinged.n, 0)} % of pings`);
  console.log(`  ${kind}: CPU per request, closed loop: health ${cpuPer(hc, health.n)}`);
  console.log(`  ${kind}: CPU per request, closed loop: ping ${cpuPer(pc, pinged.n)}${kind === 'postgres' ? '' : ' (PGlite runs inside the server process)'}`);
  console.log(`  ${kind}: pings/s over health/s in the closed loop: ${fmt(pinged.perSecond / health.perSecond, 3)}`);
  if (ratios.length) {
    console.log(`  ${kind}: pings/s over health/s in ${ratios.length} rounds of health then ping, ${fmt(seconds / 2, 1)} s each: `
      + `${ratios.map((r) => fmt(r, 3)).join(', ')}; median ${fmt(median(ratios), 3)}`);
  }
  if (profile) printProfile(profile);
  if (edited) edited();
  sales();
  console.log(`  ${kind}: open loop of pings, server: ${stallsText(stalled.server)}; load generator: ${stallsText(stalled.generator)}`
    + `${kind === 'postgres' ? `; ${stalled.checkpoints} checkpoints began` : ''}`);
  if (kind === 'postgres') console.log(`  goal p99 < 20 ms at ${rate} pings/s on PostgreSQL: ${pingOpen.p99 < 20 && pingOpen.perSecond >= rate * 0.95 ? 'met' : 'NOT MET'} (p99 ${fmt(pingOpen.p99, 2)} ms at ${fmt(pingOpen.perSecond)}/s)`);
}
if (comparing) process.exit(0);
const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
for (const r of table) console.log(`  ${r.map((v, c) => (c >= 3 && c <= 6 ? v.padStart(widths[c]) : v.padEnd(widths[c]))).join('  ')}`);
process.exit(0);
