import { depositFromCard, PaymentPendingError, type PaymentDeps } from '../payments';
import { getBalance } from '../ledger';
import { getRechargeSettings } from './settings';

/**
 * The money jobs (table money_jobs): automatic recharges and subscription charges.
 * Durable (rows in the database, so a restart loses none) and run once across instances:
 * a job is claimed with FOR UPDATE SKIP LOCKED under a lease; the charge's idempotency
 * key names the job and the card, so a job re-run after a crash never charges twice.
 */
interface Job {
  id: number;
  kind: 'recharge' | 'subscription';
  company_id: number;
  payload: { amountCents?: number; dueAt?: string };
  attempts: number;
}

/** A claimed job is another instance's again after this long without finishing. */
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;
/** Back-off after a failed attempt: 1, 2, 4... minutes, at most an hour. */
const backoffMs = (attempts: number) => Math.min(60, 2 ** (attempts - 1)) * 60_000;

/**
 * Subscriptions due now become jobs, and their next payment moves a month on (past now:
 * a server down for months charges once, not once per missed month). One transaction,
 * rows locked with SKIP LOCKED: two instances never queue the same due date.
 */
export async function queueDueSubscriptions(deps: PaymentDeps): Promise<number> {
  const now = deps.clock.now();
  const { rows } = await deps.db.query<{ id: number }>(
    `WITH due AS (
       SELECT company_id, next_payment_at, amount_cents FROM recharge_settings
        WHERE active AND billing_type = 'subscription' AND next_payment_at <= $1 FOR UPDATE SKIP LOCKED
     ), moved AS (
       UPDATE recharge_settings s SET next_payment_at = (
         SELECT min(d) FROM generate_series(due.next_payment_at, $1::timestamptz + interval '1 month', interval '1 month') d WHERE d > $1)
         FROM due WHERE s.company_id = due.company_id RETURNING s.company_id
     )
     INSERT INTO money_jobs (kind, company_id, dedupe_key, payload, run_at, created_at)
     SELECT 'subscription', due.company_id, 'subscription:' || due.company_id || ':' || to_char(due.next_payment_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'),
            jsonb_build_object('amountCents', due.amount_cents, 'dueAt', due.next_payment_at), $1, $1
       FROM due JOIN moved ON moved.company_id = due.company_id
     ON CONFLICT (dedupe_key) WHERE done_at IS NULL DO NOTHING RETURNING id`,
    [now]);
  return rows.length;
}

/** Claim up to `limit` due jobs for this instance. */
async function claim(deps: PaymentDeps, limit: number): Promise<Job[]> {
  const now = deps.clock.now();
  const { rows } = await deps.db.query<Job>(
    `UPDATE money_jobs SET locked_until = $2, attempts = attempts + 1 WHERE id IN (
       SELECT id FROM money_jobs WHERE done_at IS NULL AND run_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
        ORDER BY run_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, company_id, payload, attempts`,
    [now, new Date(now.getTime() + LEASE_MS), limit]);
  return rows;
}

async function finish(deps: PaymentDeps, job: Job, outcome: string): Promise<void> {
  await deps.db.query('UPDATE money_jobs SET done_at = $2, outcome = $3, locked_until = NULL WHERE id = $1',
    [job.id, deps.clock.now(), outcome]);
}

async function retryLater(deps: PaymentDeps, job: Job, error: string): Promise<void> {
  if (job.attempts >= MAX_ATTEMPTS) return finish(deps, job, `failed: ${error}`);
  const now = deps.clock.now().getTime();
  await deps.db.query('UPDATE money_jobs SET run_at = $2, locked_until = NULL, last_error = $3 WHERE id = $1',
    [job.id, new Date(now + backoffMs(job.attempts)), error]);
}

/** The cards a recharge tries, in priority order: the chosen ones, else the auto-billing eligible ones. */
async function rechargeCards(deps: PaymentDeps, companyId: number, chosen: number[]): Promise<Array<{ id: number }>> {
  const { rows } = await deps.db.query<{ id: number }>(
    `SELECT id FROM payment_cards WHERE company_id = $1 AND removed_at IS NULL
        AND (CASE WHEN cardinality($2::int[]) > 0 THEN id = ANY($2::int[]) ELSE auto_billing_eligible END)
      ORDER BY priority, id`,
    [companyId, chosen]);
  return rows;
}

/** One job: charge the cards in order until one accepts. Returns its outcome. */
async function run(deps: PaymentDeps, job: Job): Promise<string> {
  const s = await getRechargeSettings(deps.db, job.company_id);
  let amountCents: number;
  if (job.kind === 'recharge') {
    if (!s.active || s.billingType !== 'ct') return 'skipped: continuous billing is off';
    if ((await getBalance(deps.db, job.company_id)) >= s.thresholdCents) return 'skipped: balance above the threshold';
    amountCents = s.amountCents;
  } else {
    amountCents = job.payload.amountCents ?? s.amountCents;
  }
  const cards = await rechargeCards(deps, job.company_id, s.cardIds);
  if (cards.length === 0) return 'declined: no recharge card';
  const declines: string[] = [];
  for (const card of cards) {
    const outcome = await depositFromCard(deps, {
      companyId: job.company_id, cardId: card.id, amountCents, key: `${job.kind}:job:${job.id}:card:${card.id}`,
      memo: job.kind === 'recharge' ? 'Automatic recharge' : 'Monthly billing subscription',
    });
    if (outcome.status === 'deposited') return `charged card ${card.id}`;
    declines.push(`card ${card.id}: ${outcome.code}`);
  }
  return `declined: ${declines.join(', ')}`;
}

/**
 * One round of the money jobs on this instance: queue due subscriptions, then run the
 * due jobs it can claim. The server calls it on a timer; tests call it directly.
 */
export async function runMoneyJobs(deps: PaymentDeps, limit = 10): Promise<Array<{ id: number; kind: string; outcome: string }>> {
  await queueDueSubscriptions(deps);
  const done: Array<{ id: number; kind: string; outcome: string }> = [];
  for (const job of await claim(deps, limit)) {
    try {
      const outcome = await run(deps, job);
      await finish(deps, job, outcome);
      done.push({ id: job.id, kind: job.kind, outcome });
    } catch (e) {
      // The gateway did not answer or the database failed: the same keys next time. A
      // database that cannot even record that fails the round (the job monitor logs and
      // counts it), and the lease hands this round's claimed jobs back within LEASE_MS.
      const message = e instanceof PaymentPendingError || e instanceof Error ? e.message : String(e);
      await retryLater(deps, job, message);
      done.push({ id: job.id, kind: job.kind, outcome: `retry: ${message}` });
    }
  }
  return done;
}
