/**
 * `npm run bench:auth`: requests per second of GET /rest/authentication/user (a session
 * lookup) beside GET /rest/health (the bare HTTP stack), measured in the same run in
 * alternating rounds so drift hits both alike, and prints their ratio against the
 * targets of issue 5. PGlite always; PostgreSQL too when DATABASE_URL is set; each with
 * the session cache (the default) and without it (SESSION_CACHE=off). Options:
 * --db pglite|postgres|both, --cache on|off|both, --rounds 10, --seconds 1.5,
 * --concurrency 8. Everything stays on 127.0.0.1 and the run stops by itself.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { Challenge } from 'altcha-lib';
import { TOKEN_HEADER } from '../src/domain/session';
import { DEMO_PASSWORD } from '../src/server/seed/accounts';
import { solveCaptcha } from '../src/server/services/captcha';
import { hammer, type Round, type Target } from './load';
import type { FromWorker, WorkerData } from './server-worker';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    cache: { type: 'string', default: 'both' },
    rounds: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '1.5' },
    concurrency: { type: 'string', default: '8' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const url = process.env.DATABASE_URL;
const which = values.db ?? (url ? 'both' : 'pglite');
const kinds = (which === 'both' ? ['pglite', 'postgres'] : [which]) as Array<WorkerData['kind']>;
if (kinds.some((k) => k !== 'pglite' && k !== 'postgres')) throw new Error(`--db must be pglite, postgres or both`);
if (kinds.includes('postgres') && !url) throw new Error('--db postgres needs DATABASE_URL');
if (!['on', 'off', 'both'].includes(values.cache!)) throw new Error('--cache must be on, off or both');
const caches = values.cache === 'both' ? [true, false] : [values.cache === 'on'];
const runs = kinds.flatMap((kind) => caches.map((sessionCache) => ({ kind, sessionCache })));
type Run = (typeof runs)[number];

/** Issue 5's targets for authUser/health: a cache on PostgreSQL must earn its keep. */
const target = (r: Run) => (r.kind === 'pglite' ? 0.5 : r.sessionCache ? 0.5 : 0.3);
const design = (r: Run) => (r.sessionCache ? 'session cache' : 'no cache');

// A hard stop, whatever happens: start-up and seeding get a minute per database.
const budgetMs = runs.length * (60 + rounds * 2 * seconds + 2 * 1) * 1000;
setTimeout(() => {
  console.error(`bench:auth did not finish within ${budgetMs / 1000} s`);
  process.exit(2);
}, budgetMs).unref();

async function startServer({ kind, sessionCache }: Run): Promise<{ port: number; stop(): Promise<void> }> {
  const data: WorkerData = kind === 'postgres' ? { kind, url: url!, sessionCache } : { kind, sessionCache };
  // The worker registers tsx itself: a worker thread does not inherit tsx's loader.
  const entry = new URL('./server-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: data });
  const next = () =>
    new Promise<FromWorker>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const ready = await next();
  if (!('ready' in ready)) throw new Error('server worker did not start');
  worker.on('error', (e) => {
    console.error('bench:auth: the server failed:', e);
    process.exit(1);
  });
  return {
    port: ready.port,
    async stop() {
      const stopped = next();
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}

/** Sign in once, the way the login form does (captcha solved here). */
async function signIn(port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}/rest`;
  const challenge = (await (await fetch(`${base}/captcha/challenge`)).json()) as Challenge;
  const res = await fetch(`${base}/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'agent@demo.test', password: DEMO_PASSWORD, captcha: await solveCaptcha(challenge) }),
  });
  const token = res.headers.get(TOKEN_HEADER);
  if (res.status !== 200 || !token) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return token;
}

interface Result {
  target: Target;
  rounds: Round[];
}

async function measure(run: Run): Promise<Result[]> {
  const server = await startServer(run);
  try {
    const token = await signIn(server.port);
    const targets: Target[] = [
      { name: 'health', path: '/rest/health' },
      { name: 'authUser', path: '/rest/authentication/user', headers: { authorization: `Bearer ${token}` } },
    ];
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const results = targets.map((target) => ({ target, rounds: [] as Round[] }));
    for (const t of targets) await hammer(agent, server.port, t, concurrency, 1); // warm-up
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) results[i].rounds.push(await hammer(agent, server.port, targets[i], concurrency, seconds));
    }
    agent.destroy();
    return results;
  } finally {
    await server.stop();
  }
}

const rps = (rs: Round[]) => rs.reduce((s, r) => s + r.ok, 0) / rs.reduce((s, r) => s + r.seconds, 0);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

console.log(
  `bench:auth  ${rounds} rounds x ${seconds} s per route, alternating; ${concurrency} concurrent keep-alive connections; 127.0.0.1; Node ${process.version}`,
);
const rows: string[][] = [['database', 'design', 'route', 'req/s', 'per round (min-max)', 'failed']];
const ratios: string[][] = [['database', 'design', 'authUser/health', 'median of round pairs', 'target', '']];
for (const run of runs) {
  const [health, authUser] = await measure(run);
  for (const r of [health, authUser]) {
    const each = r.rounds.map((x) => x.ok / x.seconds);
    rows.push([
      run.kind,
      design(run),
      `GET ${r.target.path}`,
      fmt(rps(r.rounds)),
      `${fmt(Math.min(...each))}-${fmt(Math.max(...each))}`,
      String(r.rounds.reduce((s, x) => s + x.failed, 0)),
    ]);
  }
  const ratio = rps(authUser.rounds) / rps(health.rounds);
  // Each round pair ran back to back: its ratio is the least touched by other load on the machine.
  const pairs = authUser.rounds.map((a, i) => rps([a]) / rps([health.rounds[i]])).sort((x, y) => x - y);
  const median = pairs[Math.floor(pairs.length / 2)];
  ratios.push([run.kind, design(run), ratio.toFixed(2), median.toFixed(2), `>= ${target(run)}`, ratio >= target(run) ? 'met' : 'NOT MET']);
}
const print = (table: string[][], numeric: number) => {
  const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
  for (const r of table) console.log(r.map((cell, c) => (c >= numeric ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  '));
};
print(rows, 3);
console.log('');
print(ratios, 2);
