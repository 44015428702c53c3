import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../src/server/services/captcha';
import { restorePgliteTemplate } from '../helpers/pglite-database';

/**
 * PGlite writes through Node's file system: what a committed transaction wrote is in the
 * files once it commits, so a killed server process loses nothing; with PGLITE_FSYNC on
 * (the default) each transaction is also flushed to disk before it returns
 * (docs/areas/billing-ledger.md). This test kills the server with SIGKILL right after a sign-in and starts it
 * again; tests/api/ledger-durability.test.ts does the same to a burst of deposits.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'leadline-durability-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}/rest`;
let server: ChildProcess | null = null;

async function start(): Promise<void> {
  server = spawn('npx', ['tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), CAPTCHA_MAX_COUNTER: '200', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
    detached: true,
  });
  // Up to a minute on a busy machine.
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${base}/health`).then((r) => r.ok).catch(() => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function kill(): void {
  // The whole process group: npx, tsx and node.
  if (server?.pid) process.kill(-server.pid, 'SIGKILL');
  server = null;
}

afterAll(() => {
  kill();
  rmSync(dataDir, { recursive: true, force: true });
});

// Only PGlite's files are in question; PostgreSQL runs its own WAL with fsync.
describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database durability', () => {
  it('keeps a committed session across a killed server', { timeout: 150_000 }, async () => {
    // The demo marketplace as a first start would seed it, without spending the time here.
    await restorePgliteTemplate(dataDir);
    await start();
    const challenge = await (await fetch(`${base}/captcha/challenge`)).json();
    const login = await fetch(`${base}/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'agent@demo.test', password: 'Leadline#2026', captcha: await solveCaptcha(challenge) }),
    });
    expect(login.status).toBe(200);
    const token = login.headers.get('x-auth-token')!;
    kill();
    await new Promise((r) => setTimeout(r, 500));
    await start();
    const me = await fetch(`${base}/authentication/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).user.email).toBe('agent@demo.test');
  });
});
