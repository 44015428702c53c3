import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A body is bounded before it is walked: one nested thousands of levels deep, or holding
 * hundreds of thousands of elements, is a 400 in the one error body (never a 500 from a
 * stack overflow), and a flood of such bodies does not hold the server's other requests.
 */
let t: TestApp;
let port: number;
let agentToken: string;
let proToken: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  agentToken = (await sessionFor(t, DEMO.agent)).session.token!;
  proToken = (await sessionFor(t, DEMO.pro)).session.token!;
});
afterAll(() => t?.close());

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const isErrorBody = (body: unknown) =>
  !!body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' && Object.keys(body).every((k) => ['error', 'code', 'errors'].includes(k));

describe('a body nested 3,000 levels deep', () => {
  const cases = [
    { name: 'unauthenticated: password reset', url: '/rest/password/reset', token: null, field: 'email' },
    { name: 'unauthenticated: login', url: '/rest/authentication/login', token: null, field: 'username' },
    { name: 'authenticated: a new order draft', url: '/rest/jobs', token: 'agent', field: 'vertical' },
    { name: 'authenticated: caps of an order', url: '/rest/orders/1/caps', token: 'agent', field: 'daily', method: 'PATCH' },
  ] as const;
  for (const c of cases) {
    test(`is a 400 in the error body (${c.name})`, async () => {
      for (const payload of [`{"${c.field}":${deep(3000)}}`, deep(3000)]) {
        const res = await t.request({
          method: 'method' in c ? c.method : 'POST',
          url: c.url,
          token: c.token ? agentToken : null,
          payload,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(isErrorBody(res.json()), res.body).toBe(true);
      }
    });
  }
});

test('a body with 400,000 elements is a 400 in the error body', async () => {
  const numbers = `[${Array(400_000).fill('1').join(',')}]`;
  const res = await t.request({ method: 'POST', url: '/rest/orders/optimizations', token: proToken, payload: `{"vendorIds":${numbers}}` });
  expect(res.statusCode).toBe(400);
  expect(isErrorBody(res.json())).toBe(true);
});

/**
 * GET /rest/health over a socket: its latency, and the CPU time this process (the server)
 * spent meanwhile. On a shared machine a request can wait for a CPU with the server idle;
 * the CPU time tells the server's own work apart: had a flood body held the server, that
 * time would have been spent on it, here.
 */
function timeHealth(): Promise<{ wallMs: number; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const req = httpRequest({ host: '127.0.0.1', port, path: '/rest/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () => {
        const { user, system } = process.cpuUsage(cpu);
        if (res.statusCode !== 200) reject(new Error(`health ${res.statusCode}`));
        else resolve({ wallMs: performance.now() - started, cpuMs: (user + system) / 1000 });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Starts the uploads in a process of their own; `sending` resolves when they begin, `statuses` when all are answered. */
function flood(requests: Array<{ path: string; body: string; token: string | null; numbers: number }>) {
  const child = spawn(process.execPath, [join(dirname(fileURLToPath(import.meta.url)), '../helpers/body-flood.mjs'), JSON.stringify({ port, requests })]);
  const lines = createInterface({ input: child.stdout });
  const next = () => new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`body-flood exited with ${code}`)));
  });
  const sending = next();
  const statuses = sending.then(next).then((l) => JSON.parse(l) as number[]);
  return { sending, statuses };
}

test('health answers within 100 ms while 20 bodies of 400,000 numbers (800 kB) arrive', async () => {
  // The operation with the largest body the contract allows, signed in, and one open to guests.
  const requests = [
    ...Array.from({ length: 10 }, () => ({ path: '/rest/orders/optimizations', body: '{"territory":{"zips":NUMBERS}}', token: proToken, numbers: 400_000 })),
    ...Array.from({ length: 10 }, () => ({ path: '/rest/authentication/login', body: '{"username":NUMBERS}', token: null, numbers: 400_000 })),
  ];
  await timeHealth(); // the first request's set-up is not the flood's doing
  const { sending, statuses } = flood(requests);
  await sending;
  let flooding = true;
  const stop = () => (flooding = false);
  statuses.then(stop, stop);
  const latencies: Array<{ wallMs: number; cpuMs: number }> = [];
  while (flooding || latencies.length < 5) latencies.push(await timeHealth());
  // Each body was refused as bad input (0: the server answered before the upload ended and closed it).
  const answers = await statuses;
  for (const s of answers) expect([400, 0]).toContain(s);
  expect(answers.filter((s) => s === 400).length).toBeGreaterThan(0);
  // Each health request was answered within 100 ms, or else the server was not busy for 100 ms meanwhile.
  const held = latencies.map((l) => Math.min(l.wallMs, l.cpuMs));
  const figures = latencies.map((l) => `${Math.round(l.wallMs)}/${Math.round(l.cpuMs)}`).join(', ');
  expect(Math.max(...held), `health latency / server CPU meanwhile, ms: ${figures}`).toBeLessThan(100);
}, 60_000);
