import type { AppContext } from '../context';
import { sweepFailures } from './login-failures';
import { reconcileCharges } from './payments';
import { runOrderReactivations } from './orders/status';
import { runMoneyJobs } from './recharge/jobs';
import { runLiveCalls } from './calls/progress';
import { deliveryDeps } from './delivery';
import { runDeliveries, sweepVendorCounts } from './engine';
import { trimBookLog } from './engine/book';
import { keepPingHistory } from './engine/ping-history';
import { trimSaleCounts } from './engine/sale-counts';
import { WEEKLY_SUMMARY_BATCH, sendWeeklySummaries } from './reports/weekly-summary';
import { runListJobs } from './lists';

/** The periodic jobs' names, as GET /rest/system/jobs lists them. */
export const JOB_NAMES = {
  mail: 'mail-sender',
  sweep: 'sweep',
  reactivations: 'order-reactivations',
  money: 'money-jobs',
  deliveries: 'deliveries',
  calls: 'live-calls',
  weeklySummaries: 'weekly-summaries',
  lists: 'lead-lists',
  pingHistory: 'ping-history',
} as const;

/**
 * Periodic jobs, each under the job monitor (ctx.jobs): one run at a time, failures
 * logged and counted, a failing job backing off. Every instance may run them: the mail
 * sender, the money jobs, the deliveries, the live calls, the lead lists and the scheduled
 * order reactivations claim rows with SKIP LOCKED and the sweeps are idempotent deletes.
 */
export function startJobs(
  ctx: AppContext,
  sender: { sendBatch(): Promise<number>; close(): void } | null,
): () => Promise<void> {
  let stopped = false;
  const { jobs, config } = ctx;
  const names: string[] = Object.values(JOB_NAMES).filter((n) => sender || n !== JOB_NAMES.mail);
  if (sender) jobs.every({ name: JOB_NAMES.mail, description: 'Sends queued mail', everyMs: 2_000 }, () => sender.sendBatch());
  jobs.every({
    name: JOB_NAMES.sweep, everyMs: 10 * 60_000,
    description: 'Deletes day-old rate limits, captchas and login failures; trims the order book log and past cap counters',
  }, async () => {
    const dayAgo = new Date(ctx.clock.now().getTime() - 24 * 3600_000);
    await ctx.db.query('DELETE FROM rate_limits WHERE window_start < $1', [dayAgo]);
    await ctx.db.query('DELETE FROM captcha_used WHERE used_at < $1', [dayAgo]);
    await sweepFailures(ctx.db, ctx.clock.now());
    await trimBookLog(ctx.db);
    await trimSaleCounts(ctx.db, ctx.clock.now());
  });
  // Paused orders whose activation date has come (rows claimed with SKIP LOCKED).
  jobs.every({
    name: JOB_NAMES.reactivations, everyMs: config.moneyJobsIntervalMs,
    description: 'Brings paused orders back on their activation date',
  }, () => runOrderReactivations(ctx.db, ctx.clock.now()));
  // Recharges and subscriptions (claimed with SKIP LOCKED), then charges left open by a crash.
  jobs.every({
    name: JOB_NAMES.money, everyMs: config.moneyJobsIntervalMs,
    description: 'Automatic recharges and subscription charges, then charges a crash left open',
  }, async () => {
    await runMoneyJobs(ctx);
    await reconcileCharges(ctx);
  });
  // Sold leads' delivery outbox (claimed with SKIP LOCKED; each delivery retried with its own backoff).
  jobs.every({
    name: JOB_NAMES.deliveries, everyMs: config.deliveryIntervalMs,
    description: 'Posts sold leads from the delivery outbox',
  }, async () => {
    await sweepVendorCounts(ctx.db, ctx.clock.now());
    while ((await runDeliveries({ ...deliveryDeps(ctx), db: ctx.db })) > 0 && !stopped);
  });
  // Live calls: each open call moved on by the telephony (claimed with SKIP LOCKED).
  jobs.every({
    name: JOB_NAMES.calls, everyMs: config.liveCallsIntervalMs,
    description: 'Moves live calls on through the telephony',
  }, () => runLiveCalls(ctx));
  // Monday-morning summaries: one per agent and week, the (user, week) key deciding between servers.
  jobs.every({
    name: JOB_NAMES.weeklySummaries, everyMs: config.weeklySummaryIntervalMs,
    description: "Queues each agent's weekly summary mail on Monday morning in their zone",
  }, async () => {
    while ((await sendWeeklySummaries(ctx)) === WEEKLY_SUMMARY_BATCH && !stopped);
  });
  // Lead lists: scheduled runs queued, processing lists made and charged (claimed with SKIP LOCKED), scheduled ones sent.
  jobs.every({
    name: JOB_NAMES.lists, everyMs: config.listsIntervalMs,
    description: 'Makes lead lists and sends the scheduled ones',
  }, () => runListJobs(deliveryDeps(ctx), () => stopped));
  // engine_pings: days made ahead, days past the retention dropped (a sold ping kept with its lead). Run at start too.
  jobs.every({
    name: JOB_NAMES.pingHistory, everyMs: 3600_000,
    description: "Makes the coming days' ping partitions and drops the days past PING_RETENTION_DAYS, keeping the pings leads were sold from",
  }, () => keepPingHistory(ctx.db, ctx.clock.now(), config.pingRetentionDays));
  void jobs.runOnce(JOB_NAMES.pingHistory);
  return async () => {
    if (stopped) return;
    stopped = true;
    await jobs.stop(names);
    sender?.close();
  };
}
