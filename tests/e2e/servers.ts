/**
 * The end-to-end servers, started at once: Playwright starts the servers of its `webServer`
 * list one after another, and each spends ~14 s creating, migrating and seeding its
 * database (mostly one core), so three in a row cost ~45 s where three at once take ~20 s.
 *
 *   tsx tests/e2e/servers.ts <ready port> <name>=<port> ...
 *
 * Each server gets a fresh embedded database in `.e2e-data/<name>`; the ready port answers
 * 200 once every server's health does (Playwright waits on it), and this process ends
 * with the first server that ends, so a crash fails the run instead of hanging it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { CLOCK_START } from './clock-start';

const [readyPort, ...lanes] = process.argv.slice(2);
const servers = lanes.map((lane) => {
  const [name, port] = lane.split('=');
  return { name, port: Number(port) };
});
if (!Number(readyPort) || servers.length === 0 || servers.some((s) => !s.name || !s.port)) {
  console.error('usage: tsx tests/e2e/servers.ts <ready port> <name>=<port> ...');
  process.exit(2);
}

/** What the specs need of a server: the injected clock they can move, quick calls and pings. */
const E2E_ENV = {
  CLOCK_START,
  // Lets a spec move the server's clock forward (advanceServerClock in ./helpers.ts).
  CLOCK_CONTROL: 'true',
  CALL_SIMULATOR_SPEED: '30',
  LIVE_CALLS_INTERVAL_MS: '500',
  PING_DEADLINE_MS: '30000',
  CAPTCHA_MAX_COUNTER: '2000',
  // Every browser signs in from 127.0.0.1; the per-account lockout is what the lockout spec tests.
  LOGINS_PER_IP_PER_MINUTE: '1000',
  LOG_LEVEL: 'warn',
};

const children: ChildProcess[] = servers.map(({ name, port }) => {
  const dir = `.e2e-data/${name}`;
  rmSync(dir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    env: { ...process.env, ...E2E_ENV, DATA_DIR: dir, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    console.error(`e2e server ${name} (port ${port}) ended: ${signal ?? `exit ${code}`}`);
    stopAll(code ?? 1);
  });
  return child;
});

function stopAll(code: number): never {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopAll(0));

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/rest/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

createServer((_req, res) => {
  void Promise.all(servers.map((s) => healthy(s.port))).then((ok) => {
    res.writeHead(ok.every(Boolean) ? 200 : 503).end();
  });
}).listen(Number(readyPort), '127.0.0.1');
