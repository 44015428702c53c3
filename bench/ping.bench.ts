/**
 * `npm run bench:ping`: the vendor ping path of the real server with 10,000 active lead
 * orders over the US, beside the bare GET /rest/health of the same server in the same
 * run. Per database (PGlite; PostgreSQL too when DATABASE_URL is set): a closed loop
 * (--concurrency requests in flight for --seconds: the most pings a second) and an open
 * loop at --rate requests a second (PGlite: at most 80 % of its closed-loop rate), each
 * with p50 and p99 latency; and the queries the server sent per ping. Then orders are
 * edited while pinging (--edits times, alone and beside the closed loop): an agent changes
 * an order's caps through PATCH /rest/orders/{id}/caps and pings a ZIP of that order at
 * once (the first ping after the edit), then again (the next ping). Last, the sale path:
 * direct posts with the report and market rollups' triggers off, then on (twice each), so
 * the rollups' cost to a sale is a ratio within one run; then, rollups on, every buyer
 * without and with a running cost-share promotion (twice each): what applying promotions
 * costs a sale. Options:
 * --db pglite|postgres|both, --orders 10000, --seconds 5, --rate 1000, --concurrency 16, --edits 30.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { editAndPing, type EditProbes } from './ping-edits';
import { send, type Sample, type Shot } from './ping-http';
import type { BookLoads, Editable, FromPingWorker, PingWorkerData } from './ping-worker';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    orders: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '5' },
    rate: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '16' },
    edits: { type: 'string', default: '30' },
  },
});
const url = process.env.DATABASE_URL;
const which = values.db ?? (url ? 'both' : 'pglite');
const kinds = (which === 'both' ? ['pglite', 'postgres'] : [which]) as Array<PingWorkerData['kind']>;
if (kinds.includes('postgres') && !url) throw new Error('--db postgres needs DATABASE_URL');
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const concurrency = Number(values.concurrency);
const edits = Number(values.edits);
const TOKEN = 'bench-sales-token';
const AUTH = `Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}`;

setTimeout(() => {
  console.error('bench:ping did not finish in time');
  process.exit(2);
}, kinds.length * (240 + 14 * seconds + edits) * 1000).unref();

interface Server {
  port: number;
  zips: string[];
  editor: string;
  editable: Editable[];
  counts(): Promise<{ queries: number; loads: BookLoads }>;
  rollups(on: boolean): Promise<void>;
  promotions(on: boolean): Promise<void>;
  stop(): Promise<void>;
}

async function startServer(kind: PingWorkerData['kind']): Promise<Server> {
  const data: PingWorkerData = kind === 'postgres' ? { kind, url: url!, orders: Number(values.orders), token: TOKEN } : { kind, orders: Number(values.orders), token: TOKEN };
  const entry = new URL('./ping-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: data });
  const next = () => new Promise<FromPingWorker>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const ready = await next();
  if (!('ready' in ready)) throw new Error('server worker did not start');
  return {
    port: ready.port,
    zips: ready.zips,
    editor: ready.editor,
    editable: ready.editable,
    async counts() {
      const got = next();
      worker.postMessage('count');
      const m = await got;
      if (!('queries' in m)) throw new Error('server worker did not count');
      return m;
    },
    async rollups(on: boolean) {
      const got = next();
      worker.postMessage(on ? 'rollups:on' : 'rollups:off');
      await got;
    },
    async promotions(on: boolean) {
      const got = next();
      worker.postMessage(on ? 'promotions:on' : 'promotions:off');
      await got;
    },
    async stop() {
      const stopped = next();
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  matched: number;
  n: number;
}

function figures(samples: Sample[], secs: number): Figures {
  const ms = samples.filter((s) => s.ok).map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? NaN;
  return { perSecond: ms.length / secs, p50: at(0.5), p99: at(0.99), failed: samples.length - ms.length, matched: samples.filter((s) => s.matched).length, n: samples.length };
}

async function closedLoopSamples(port: number, s: Shot): Promise<Sample[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const samples: Sample[] = [];
  const stopAt = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < stopAt) samples.push(await send(agent, port, s));
  }));
  agent.destroy();
  return samples;
}

async function closedLoop(port: number, s: Shot): Promise<Figures> {
  const start = performance.now();
  const samples = await closedLoopSamples(port, s);
  return figures(samples, (performance.now() - start) / 1000);
}

async function openLoop(port: number, s: Shot, perSecond: number): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const pending: Array<Promise<Sample>> = [];
  const start = performance.now();
  const total = Math.round(perSecond * seconds);
  // Send in ticks of 5 ms, as many as the schedule says are due.
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * perSecond));
      while (pending.length < due) pending.push(send(agent, port, s));
      if (pending.length >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  const samples = await Promise.all(pending);
  agent.destroy();
  return figures(samples, (performance.now() - start) / 1000);
}

/** CPU seconds used so far by this process (load generator and server thread) and by the machine's PostgreSQL processes (Linux /proc). */
function cpuNow(): { node: number; postgres: number } {
  const u = process.cpuUsage();
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return { node: (u.user + u.system) / 1e6, postgres: ticks / 100 };
}
const cpuPer = (a: { node: number; postgres: number }, b: { node: number; postgres: number }, n: number) =>
  `node ${fmt(((b.node - a.node) * 1000) / n, 3)} ms, PostgreSQL ${fmt(((b.postgres - a.postgres) * 1000) / n, 3)} ms`;

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
async function editPhase(kind: string, server: Server, pingShot: Shot): Promise<() => void> {
  const o = { n: edits, editor: server.editor, editable: server.editable, vendorAuth: AUTH };
  const l0 = (await server.counts()).loads;
  const c0 = cpuNow();
  const alone = await editAndPing(server.port, o);
  const c1 = cpuNow();
  const l1 = (await server.counts()).loads;
  const [loop, busy] = await Promise.all([closedLoopSamples(server.port, pingShot), editAndPing(server.port, o)]);
  const l2 = (await server.counts()).loads;
  const line = (label: string, p: EditProbes, base: Sample[], baseLabel: string) =>
    `  ${kind}: ${label}: first ping after an edit p50 ${fmt(p50(p.first), 1)} ms, max ${fmt(max(p.first), 1)}; ${baseLabel} p50 ${fmt(p50(base), 1)} ms, `
    + `max ${fmt(max(base), 1)}; ratio p50 ${fmt(p50(p.first) / p50(base), 2)}, max ${fmt(max(p.first) / max(base), 2)}; edit p50 ${fmt(p50(p.edits), 1)} ms; `
    + `deadline or failed: first ${late(p.first)} of ${p.first.length}, ${baseLabel} ${late(base)} of ${base.length}, edits failed ${p.edits.filter((x) => !x.ok).length}`;
  return () => {
    console.log(line(`${edits} caps edits alone`, alone, alone.next, 'next ping') + `; ${loadsSince(l0, l1)}`);
    console.log(`  ${kind}: CPU per edit with its two pings: ${cpuPer(c0, c1, edits)}`);
    console.log(line(`${edits} caps edits beside the closed loop ${concurrency}`, busy, loop, 'the loop\'s pings') + `; ${loadsSince(l1, l2)}`);
  };
}

/**
 * The sale path with and without the rollups: direct posts (POST /rest/v2/post, each a new
 * consumer, so each sells) in a closed loop, the rollup triggers off then on, twice, in
 * the same server. Measured now, printed by the function it returns.
 */
async function salePhase(kind: string, server: Server): Promise<() => void> {
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
  await closedLoopSamples(server.port, post); // warm-up
  for (const mode of ['off', 'on', 'off', 'on', 'plain', 'promoted', 'plain', 'promoted'] as const) {
    if (mode === 'off' || mode === 'on') await server.rollups(mode === 'on');
    else await server.promotions(mode === 'promoted');
    const c0 = cpuNow();
    const t0 = performance.now();
    by[mode].push(...await closedLoopSamples(server.port, post));
    secs[mode] += (performance.now() - t0) / 1000;
    const c1 = cpuNow();
    cpu[mode] += c1.node - c0.node + c1.postgres - c0.postgres;
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
      + `CPU ${fmt(x.cpuMs, 2)} ms per sale (node and PostgreSQL), ${x.sold} sold of ${x.n}`;
    console.log(`  ${kind}: sale path, POST /rest/v2/post closed ${concurrency}: ${line('rollups off', off)}; ${line('rollups on', on)}`);
    console.log(`  ${kind}: keeping the rollups costs the sale path: p50 x${fmt(on.p50 / off.p50, 2)}, p99 x${fmt(on.p99 / off.p99, 2)}, `
      + `sales/s x${fmt(on.perSecond / off.perSecond, 2)}, CPU per sale x${fmt(on.cpuMs / off.cpuMs, 2)}`);
    console.log(`  ${kind}: sale path with every buyer in a running promotion: ${line('none running', plain)}; ${line('10 % cost share', promoted)}`);
    console.log(`  ${kind}: applying promotions costs the sale path: p50 x${fmt(promoted.p50 / plain.p50, 2)}, p99 x${fmt(promoted.p99 / plain.p99, 2)}, `
      + `sales/s x${fmt(promoted.perSecond / plain.perSecond, 2)}, CPU per sale x${fmt(promoted.cpuMs / plain.cpuMs, 2)}`);
  };
}

const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '-');
const table: string[][] = [['database', 'route', 'load', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'ratio to health (req/s; p99)']];

console.log(`bench:ping  ${values.orders} active orders over the US; ${seconds} s per measurement; closed loop ${concurrency} in flight; open loop ${rate}/s; Node ${process.version}`);
for (const kind of kinds) {
  const t0 = performance.now();
  const server = await startServer(kind);
  console.log(`  ${kind}: server ready in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  let i = 0;
  const pingShot: Shot = { method: 'POST', path: '/rest/v2/ping', body: () => JSON.stringify({ vertical: 'autoins', zipcode: server.zips[i++ % server.zips.length], age: 35 }), auth: AUTH };
  const healthShot: Shot = { method: 'GET', path: '/rest/health' };
  await closedLoop(server.port, pingShot); // warm-up: statements prepared, caches filled
  await closedLoop(server.port, healthShot);
  const c0 = cpuNow();
  const health = await closedLoop(server.port, healthShot);
  const c1 = cpuNow();
  const q0 = (await server.counts()).queries;
  const ping = await closedLoop(server.port, pingShot);
  const c2 = cpuNow();
  const perPing = ((await server.counts()).queries - q0) / ping.n;
  const openRate = kind === 'pglite' ? Math.min(rate, Math.floor(ping.perSecond * 0.8)) : rate;
  const healthOpen = await openLoop(server.port, healthShot, openRate);
  const pingOpen = await openLoop(server.port, pingShot, openRate);
  const edited = edits > 0 ? await editPhase(kind, server, pingShot) : null;
  const sales = await salePhase(kind, server);
  await server.stop();
  const row = (route: string, load: string, f: Figures, base?: Figures) => table.push([kind, route, load, fmt(f.perSecond), fmt(f.p50, 2), fmt(f.p99, 2), String(f.failed),
    base ? `${fmt(f.perSecond / base.perSecond, 2)}; ${fmt(f.p99 / base.p99, 1)}x` : '']);
  row('GET /rest/health', `closed ${concurrency}`, health);
  row('POST /rest/v2/ping', `closed ${concurrency}`, ping, health);
  row('GET /rest/health', `open ${openRate}/s`, healthOpen);
  row('POST /rest/v2/ping', `open ${openRate}/s`, pingOpen, healthOpen);
  console.log(`  ${kind}: ${fmt(perPing, 2)} queries per ping (named statements: the shortlist's moving facts with the book's version; the ping writer's batch, `
    + `shared; the vendor's token and count are in memory); matched ${fmt((100 * ping.matched) / ping.n, 0)} % of pings`);
  console.log(`  ${kind}: CPU per request, closed loop: health ${cpuPer(c0, c1, health.n)}; ping ${cpuPer(c1, c2, ping.n)}`
    + (kind === 'postgres' ? '' : ' (PGlite runs inside node)'));
  if (edited) edited();
  sales();
  if (kind === 'postgres') console.log(`  goal p99 < 20 ms at ${rate} pings/s on PostgreSQL: ${pingOpen.p99 < 20 && pingOpen.perSecond >= rate * 0.95 ? 'met' : 'NOT MET'} (p99 ${fmt(pingOpen.p99, 2)} ms at ${fmt(pingOpen.perSecond)}/s)`);
}
const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
for (const r of table) console.log(`  ${r.map((v, c) => (c >= 3 && c <= 6 ? v.padStart(widths[c]) : v.padEnd(widths[c]))).join('  ')}`);
process.exit(0);
