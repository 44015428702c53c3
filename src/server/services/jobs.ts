import type { AppContext } from '../context';
import { sweepFailures } from './login-failures';
import { reconcileCharges } from './payments';
import { runOrderReactivations } from './orders/status';
import { runMoneyJobs } from './recharge/jobs';
import { runLiveCalls } from './calls/progress';
import { deliveryDeps } from './delivery';
import { runDeliveries, sweepVendorCounts } from './engine';
import { trimBookLog } from './engine/book';

/**
 * Periodic jobs. Every instance may run them: the mail sender, the money jobs and the
 * scheduled order reactivations claim rows with SKIP LOCKED and the sweeps are idempotent deletes.
 */
export function startJobs(
  ctx: AppContext,
  sender: { sendBatch(): Promise<number>; close(): void } | null,
): () => Promise<void> {
  let stopped = false;
  const mailTimer = sender
    ? setInterval(() => void sender.sendBatch().catch(() => {}), 2_000)
    : null;
  const sweep = async () => {
    const dayAgo = new Date(ctx.clock.now().getTime() - 24 * 3600_000);
    await ctx.db.query('DELETE FROM rate_limits WHERE window_start < $1', [dayAgo]);
    await ctx.db.query('DELETE FROM captcha_used WHERE used_at < $1', [dayAgo]);
    await sweepFailures(ctx.db, ctx.clock.now());
    await trimBookLog(ctx.db);
  };
  const sweepTimer = setInterval(() => void sweep().catch(() => {}), 10 * 60_000);
  // Recharges and subscriptions (claimed with SKIP LOCKED), then charges left open by a crash.
  let moneyBusy = false;
  const money = async () => {
    if (moneyBusy) return;
    moneyBusy = true;
    try {
      // Paused orders whose activation date has come (rows claimed with SKIP LOCKED).
      await runOrderReactivations(ctx.db, ctx.clock.now()).catch(() => {});
      await runMoneyJobs(ctx);
      await reconcileCharges(ctx);
    } finally {
      moneyBusy = false;
    }
  };
  const moneyTimer = setInterval(() => void money().catch(() => {}), ctx.config.moneyJobsIntervalMs);
  // Sold leads' delivery outbox (claimed with SKIP LOCKED; retried with backoff).
  let deliveryBusy = false;
  const deliveries = async () => {
    if (deliveryBusy) return;
    deliveryBusy = true;
    try {
      await sweepVendorCounts(ctx.db, ctx.clock.now());
      while ((await runDeliveries({ ...deliveryDeps(ctx), db: ctx.db })) > 0 && !stopped);
    } finally {
      deliveryBusy = false;
    }
  };
  const deliveryTimer = setInterval(() => void deliveries().catch(() => {}), ctx.config.deliveryIntervalMs);
  deliveryTimer.unref();
  // Live calls: each open call moved on by the telephony (claimed with SKIP LOCKED).
  let callsBusy = false;
  const callsTimer = setInterval(() => {
    if (callsBusy) return;
    callsBusy = true;
    void runLiveCalls(ctx).catch(() => {}).finally(() => (callsBusy = false));
  }, ctx.config.liveCallsIntervalMs);
  callsTimer.unref();
  mailTimer?.unref();
  sweepTimer.unref();
  moneyTimer.unref();
  return async () => {
    if (stopped) return;
    stopped = true;
    if (mailTimer) clearInterval(mailTimer);
    clearInterval(sweepTimer);
    clearInterval(moneyTimer);
    clearInterval(callsTimer);
    clearInterval(deliveryTimer);
    sender?.close();
  };
}
