import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../src/server/services/jobs';
import { sendWeeklySummaries } from '../../src/server/services/reports/weekly-summary';
import { addUser, DEMO, sessionFor, userId } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { dayIn } from '../helpers/day-in';

/**
 * The weekly summary mail: on Monday from 07:00 in each agent's zone, last week's leads,
 * calls and returns against the week before (counted here from the raw lead rows), one
 * mail per agent and week however many servers run the job at once, none for an agent
 * who turned it off or had nothing last week, and none before the hour.
 */
let t: TestApp;
/** Monday 23 November 2026, 06:59 in New York (11:59 UTC). */
const BEFORE_SEVEN = Date.parse('2026-11-23T11:59:00Z');
const LAST_WEEK = { from: '2026-11-16', to: '2026-11-22' };
const WEEK_BEFORE = { from: '2026-11-09', to: '2026-11-15' };
let agent: number;
let quiet: { id: number; email: string };
let westCoast: { id: number; email: string };
let stopJobs: () => Promise<void>;

const mailsTo = async (email: string) =>
  (await t.db.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM mail_outbox WHERE lower(to_address) = lower($1) AND subject LIKE $2 ORDER BY id',
    [email, 'Your week on Leadline%'])).rows;
const runJob = async () => expect(await t.ctx.jobs.runOnce('weekly-summaries')).toBe(true);

beforeAll(async () => {
  // Intervals of an hour: only runOnce runs the jobs during the test.
  t = await startTestApp({ weeklySummaryIntervalMs: 3_600_000, moneyJobsIntervalMs: 3_600_000, deliveryIntervalMs: 3_600_000, liveCallsIntervalMs: 3_600_000 });
  stopJobs = startJobs(t.ctx, null);
  t.clock.advance(BEFORE_SEVEN - t.clock.now().getTime());
  await t.db.query("UPDATE users SET timezone = 'America/New_York'");
  agent = await userId(t, DEMO.agent);
  const o = (await t.db.query<{ id: number }>("SELECT id FROM orders WHERE user_id = $1 AND product = 'leads' ORDER BY id LIMIT 1", [agent])).rows[0].id;
  const vendor = (await t.db.query<{ id: number }>('SELECT id FROM vendors ORDER BY id LIMIT 1')).rows[0].id;
  const sell = (order: number, at: string, ret: string | null = null) => t.db.query(
    `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, state, price_cents, inserted_at,
                        return_status, return_reason, return_requested_at)
     SELECT o.id, o.company_id, o.user_id, $2, o.package_id, o.vertical, o.product, 'Week', 'Ly', 'TX', 1500, $3, $4::text,
            CASE WHEN $4::text IS NULL THEN NULL ELSE 'wrong_number' END, CASE WHEN $4::text IS NULL THEN NULL ELSE $3::timestamptz + interval '20 minutes' END
       FROM orders o WHERE o.id = $1`, [order, vendor, at, ret]);
  // The demo agent: sales on last week's edges in New York, one returned, and the week before. The return is asked
  // 20 minutes after its sale, still on Sunday: with the seed's own returns, last week had one only when the run's
  // date put some there (a run in late December found none).
  await sell(o, '2026-11-16T05:30:00Z'); // Monday 00:30
  await sell(o, '2026-11-23T04:30:00Z', 'return_pending'); // Sunday 23:30, its return asked at 23:50
  await sell(o, '2026-11-10T15:00:00Z');
  // A new agent who bought nothing, and one in Los Angeles (07:00 there is 15:00 UTC).
  quiet = await addUser(t);
  westCoast = await addUser(t);
  await t.db.query("UPDATE users SET timezone = 'America/Los_Angeles' WHERE id = $1", [westCoast.id]);
  const own = (await t.db.query<{ id: number }>(
    `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, max_bid_cents, cap_monthly, territory, created_at, modified_at)
     SELECT o.company_id, $2::int, o.package_id, 'West', o.vertical, o.product, o.status, o.max_bid_cents, o.cap_monthly, o.territory, o.created_at, o.modified_at
       FROM orders o WHERE o.id = $1 RETURNING id`, [o, westCoast.id])).rows[0].id;
  await sell(own, '2026-11-20T20:00:00Z');
}, 60_000);
afterAll(async () => {
  await stopJobs?.();
  await t?.close();
});

/** An agent's line for a count: "Leads delivered: 2 (+100 % on 1 the week before)", from raw rows. */
async function expectedLines(user: number, zone: string) {
  const { rows } = await t.db.query<{ product: string; inserted_at: Date; return_requested_at: Date | null }>(
    'SELECT product, inserted_at, return_requested_at FROM leads WHERE user_id = $1 AND billed', [user]);
  const inWeek = (d: Date | null, w: { from: string; to: string }) => d !== null && dayIn(d, zone) >= w.from && dayIn(d, zone) <= w.to;
  const line = (label: string, pick: (w: { from: string; to: string }) => number) => {
    const now = pick(LAST_WEEK);
    const before = pick(WEEK_BEFORE);
    return before === 0 ? `${label}: ${now} (none the week before)` : `${label}: ${now} (${now >= before ? '+' : ''}${Math.round(((now - before) / before) * 100)} % on ${before} the week before)`;
  };
  return [
    line('Leads delivered', (w) => rows.filter((r) => r.product === 'leads' && inWeek(r.inserted_at, w)).length),
    line('Calls', (w) => rows.filter((r) => r.product === 'calls' && inWeek(r.inserted_at, w)).length),
    line('Returns asked', (w) => rows.filter((r) => inWeek(r.return_requested_at, w)).length),
  ];
}

describe('the weekly summary', () => {
  it('waits for 07:00 on Monday in the agent\'s zone', async () => {
    await runJob();
    expect(await mailsTo(DEMO.agent)).toEqual([]);
  });

  it('then sends last week against the week before, once, however many servers run the job at once', async () => {
    t.clock.advanceMinutes(1);
    await Promise.all([runJob(), sendWeeklySummaries(t.ctx), sendWeeklySummaries(t.ctx), sendWeeklySummaries(t.ctx)]);
    await runJob();
    const mails = await mailsTo(DEMO.agent);
    expect(mails).toHaveLength(1);
    const lines = await expectedLines(agent, 'America/New_York');
    for (const l of lines) expect(mails[0].text_body).toContain(l);
    expect(lines[0]).toMatch(/^Leads delivered: [1-9]/);
    expect(lines[2]).toMatch(/^Returns asked: [1-9]/);
    expect(mails[0].subject).toMatch(/^Your week on Leadline \(Nov 16\s–\s22, 2026\): \d+ leads, \d+ calls$/);
    expect(mails[0].text_body).toContain('/user/contact');
    // Nothing to tell: a row, no mail; Los Angeles is still at 04:00.
    expect(await mailsTo(quiet.email)).toEqual([]);
    expect((await t.db.query('SELECT mailed FROM weekly_summaries WHERE user_id = $1', [quiet.id])).rows).toEqual([{ mailed: false }]);
    expect(await mailsTo(westCoast.email)).toEqual([]);
    t.clock.advance(Date.parse('2026-11-23T15:00:00Z') - t.clock.now().getTime());
    await runJob();
    expect(await mailsTo(westCoast.email)).toHaveLength(1);
    expect((await mailsTo(westCoast.email))[0].text_body).toContain((await expectedLines(westCoast.id, 'America/Los_Angeles'))[0]);
  });

  it('is not sent to an agent who turned it off in the contact preferences, and not again that week', async () => {
    const me = await sessionFor(t, DEMO.agent);
    const off = await me.POST('/contact/update/{userId}', { params: { path: { userId: agent } }, body: { weekly_summary: false } });
    expect(off.response.status).toBe(200);
    expect(off.data!.settings).toMatchObject({ weeklySummary: false });
    // A week later, Monday 09:00 in New York: the agent who turned it off gets none; another agent does.
    t.clock.advance(Date.parse('2026-11-30T14:00:00Z') - t.clock.now().getTime());
    await runJob();
    await runJob();
    expect(await mailsTo(DEMO.agent)).toHaveLength(1);
    expect((await t.db.query('SELECT count(*)::int AS n FROM weekly_summaries WHERE user_id = $1', [agent])).rows[0].n).toBe(1);
    expect((await t.db.query("SELECT count(*)::int AS n FROM weekly_summaries WHERE week_start = '2026-11-30'")).rows[0].n).toBeGreaterThan(0);
    // An empty body is refused.
    const again = await sessionFor(t, DEMO.agent);
    const empty = await again.POST('/contact/update/{userId}', { params: { path: { userId: agent } }, body: {} as never });
    expect(empty.response.status).toBe(400);
  });
});
