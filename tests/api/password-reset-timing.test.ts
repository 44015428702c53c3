import { afterAll, beforeAll, expect, test } from 'vitest';
import { addUser } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(email: string): Promise<number> {
  const started = performance.now();
  const r = await t.client({ ip: t.nextIp() }).POST('/password/reset', { body: { email } });
  const took = performance.now() - started;
  expect(r.response.status).toBe(200);
  return took;
}

// A known email took a median 1.6 to 2.5 times as long as an unknown one before both did the same work.
// Requests are interleaved so a busy machine slows both kinds alike; the medians must agree
// within 30 % (the leak was 60 to 150 %).
test('a reset request takes as long for an unknown email as for a known one', async () => {
  const u = await addUser(t);
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 5; i++) {
    await timed(u.email);
    await timed(`warmup${i}@nowhere.test`);
  }
  for (let i = 0; i < 40; i++) {
    known.push(await timed(u.email));
    unknown.push(await timed(`nobody${i}@nowhere.test`));
  }
  const ratio = median(known) / median(unknown);
  console.info(`reset timing: known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms, ratio ${ratio.toFixed(2)}`);
  expect(ratio, `known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms`).toBeLessThan(1.3);
  expect(ratio).toBeGreaterThan(1 / 1.3);
}, 60_000);
