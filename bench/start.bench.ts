/**
 * npm run bench:start: how long the server takes from its process start to a healthy
 * answer, and its memory once ready, run from the compiled bundle (dist-server/, what
 * `npm start` runs) and through tsx (what `npm run dev` runs), alternating, on one seeded
 * PGlite folder. Prints p50 of each and the ratio bundle / tsx. Run `npm run build:server`
 * first.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const RUNS = Number(process.env.RUNS ?? 5);
const PORT = 8390;
const DATA_DIR = '.bench-data/start';
const env = { ...process.env, PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'warn' };
const variants = {
  bundle: ['node', ['dist-server/main.js']],
  tsx: ['node', ['--import', 'tsx', 'src/server/main.ts']],
} as const;

async function healthy(deadline: number): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/rest/health`)).ok) return;
    } catch {
      // not listening yet: try again until the deadline
    }
    if (performance.now() > deadline) throw new Error('server did not become healthy in 120 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function once(name: keyof typeof variants): Promise<{ ms: number; rss: number }> {
  const [cmd, args] = variants[name];
  const started = performance.now();
  const child = spawn(cmd, args, { env, stdio: 'ignore' });
  try {
    await healthy(started + 120_000);
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 2000)); // settle: jobs started, first GC
    return { ms, rss: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (!existsSync('dist-server/main.js')) throw new Error('run npm run build:server first');
if (process.argv.includes('--fresh')) rmSync(DATA_DIR, { recursive: true, force: true });
await once('bundle'); // seeds the folder when it is new; not counted
const results: Record<string, { ms: number[]; rss: number[] }> = { bundle: { ms: [], rss: [] }, tsx: { ms: [], rss: [] } };
for (let i = 0; i < RUNS; i++) {
  for (const name of ['bundle', 'tsx'] as const) {
    const r = await once(name);
    results[name].ms.push(r.ms);
    results[name].rss.push(r.rss);
  }
}
const [load] = readFileSync('/proc/loadavg', 'utf8').split(' ');
console.log(`start to healthy, ${RUNS} runs each, load ${load}`);
for (const name of ['bundle', 'tsx'] as const) {
  console.log(`${name.padEnd(7)} p50 ${p50(results[name].ms).toFixed(0)} ms, RSS ${p50(results[name].rss).toFixed(0)} MB`);
}
console.log(
  `bundle / tsx: start ${(p50(results.bundle.ms) / p50(results.tsx.ms)).toFixed(2)}, RSS ${(p50(results.bundle.rss) / p50(results.tsx.rss)).toFixed(2)}`,
);
