import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESIGNED_MSG } from '../../src/domain/messages';
import { JOB_NAMES, startJobs } from '../../src/server/services/jobs';
import { DEMO, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * GET /rest/system/jobs: the background jobs of the server that answers. A real job
 * (the money jobs) is made to fail by the database, and the admin sees it counted with
 * its error and backing off; a success resets it. Runs are driven with runOnce, never
 * waited for.
 */
let t: TestApp;
let stopJobs: () => Promise<void>;
let admin: TestClient;

beforeAll(async () => {
  // Intervals of a minute: only runOnce runs the jobs of services/jobs.ts during the test.
  t = await startTestApp({ moneyJobsIntervalMs: 60_000, deliveryIntervalMs: 60_000, liveCallsIntervalMs: 60_000 });
  stopJobs = startJobs(t.ctx, null);
  admin = await sessionFor(t, DEMO.admin);
});
afterAll(async () => {
  await stopJobs?.();
  await t?.close();
});

async function jobOf(name: string) {
  const { data, response } = await admin.GET('/system/jobs');
  expect(response.status).toBe(200);
  const job = data!.jobs.find((j) => j.name === name);
  if (!job) throw new Error(`no job ${name} in ${data!.jobs.map((j) => j.name).join(', ')}`);
  return job;
}
const at = (iso: string | null) => (iso ? Date.parse(iso) : NaN);

describe('the jobs view', () => {
  test('is for admins only', async () => {
    expect((await t.client().GET('/system/jobs')).response.status).toBe(401);
    for (const who of [DEMO.agent, DEMO.regional, DEMO.vendor]) {
      const { response, error } = await (await sessionFor(t, who)).GET('/system/jobs');
      expect(response.status, who).toBe(403);
      expect(error).toMatchObject({ error: DESIGNED_MSG.notAllowed });
    }
    expect((await (await sessionFor(t, DEMO.superAdmin)).GET('/system/jobs')).response.status).toBe(200);
  });

  test('lists every background job, and the real jobs run on the seeded database', async () => {
    const { data } = await admin.GET('/system/jobs');
    const names = data!.jobs.map((j) => j.name);
    expect(names).toEqual([...names].sort());
    for (const name of [...Object.values(JOB_NAMES).filter((n) => n !== JOB_NAMES.mail), 'vendor-allowance-sync', 'match-counts-flush', 'ping-days-flush'])
      expect(names, name).toContain(name);
    // No SMTP in tests: no mail sender.
    expect(names).not.toContain(JOB_NAMES.mail);
    // All but the live calls, whose first round moves every open call of the seed on
    // (seconds of work, which tests/api/calls.test.ts covers).
    for (const name of names.filter((n) => n !== JOB_NAMES.calls))
      expect(await t.ctx.jobs.runOnce(name), `${name}: ${(await jobOf(name)).lastError}`).toBe(true);
  });

  test('a failing job is counted with its error, backs off to the cap, and a success resets it', async () => {
    const name = JOB_NAMES.money;
    const before = await jobOf(name);
    expect(before).toMatchObject({ everyMs: 60_000, consecutiveFailures: 0 });
    await t.db.query('ALTER TABLE money_jobs RENAME TO money_jobs_away');
    const waits: number[] = [];
    try {
      for (let i = 1; i <= 4; i++) {
        t.clock.advanceSeconds(1);
        expect(await t.ctx.jobs.runOnce(name)).toBe(false);
        const job = await jobOf(name);
        expect(job).toMatchObject({
          runs: before.runs + i, failures: before.failures + i, consecutiveFailures: i,
          lastError: expect.stringContaining('money_jobs'), lastFailureAt: t.clock.now().toISOString(), running: false,
        });
        waits.push(at(job.nextRunAt) - at(job.lastFailureAt));
      }
    } finally {
      await t.db.query('ALTER TABLE money_jobs_away RENAME TO money_jobs');
    }
    // A minute doubled per failure, at most 5 minutes.
    expect(waits).toEqual([120_000, 240_000, 300_000, 300_000]);

    t.clock.advanceSeconds(1);
    expect(await t.ctx.jobs.runOnce(name)).toBe(true);
    const after = await jobOf(name);
    expect(after).toMatchObject({
      failures: before.failures + 4, consecutiveFailures: 0, lastError: expect.stringContaining('money_jobs'),
      lastSuccessAt: t.clock.now().toISOString(),
    });
    expect(at(after.nextRunAt) - at(after.lastSuccessAt)).toBe(60_000);
  });
});
