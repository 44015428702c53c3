import { isBillableCall } from '../../../domain/calls/live';
import { vendorShareOf } from '../../../domain/engine/auction';
import type { Clock } from '../../../domain/clock';
import { statement, type Db, type Queryable } from '../../db/db';
import type { CallProgress, OpenCall, Telephony } from '../delivery/telephony';
import { LedgerError, postMovement, purchaseKey } from '../ledger';
import { runningPromotions, subsidyPlanner, type Subsidised } from '../promotions/running';

export interface LiveCallDeps {
  db: Db;
  clock: Clock;
  telephony: Telephony;
}

interface OpenRow {
  id: number;
  status: 'pending-connection' | 'in-progress';
  company_id: number;
  vendor_id: number;
  inserted_at: Date;
  connected_at: Date | null;
  min_billable_seconds: number;
  price_cents: number;
}

/** What one step did to a call (the worker's log and the tests read it). */
export interface CallStep {
  callId: number;
  status: CallProgress['status'];
  charged: boolean;
}

/** The key of a call's one charge: a re-run step, or the engine's own charge, finds it. */
export const callChargeKey = (callId: number): string => purchaseKey('calls', callId);

/**
 * Charge a completed call once, if it lasted its billable duration. The ledger's key makes
 * a second attempt a replay; a balance that cannot pay leaves the call unsold (the engine
 * checked the balance when it sold the slot; a refusal here writes nothing).
 */
async function chargeIfBillable(tx: Queryable, row: OpenRow, durationSeconds: number, at: Date): Promise<boolean> {
  if (!isBillableCall('completed', durationSeconds, row.min_billable_seconds) || row.price_cents <= 0) return false;
  const { subsidy, growth } = await callPayers(tx, row, at);
  try {
    // As the engine's lead sales: the vendor's share to its payable account, the rest revenue;
    // a promotion the agent is enrolled in pays its share of the price; a growth order pays from growth funds.
    await postMovement(tx, { kind: 'purchase', product: 'calls', companyId: row.company_id, amountCents: row.price_cents, callId: row.id,
      vendorId: row.vendor_id, vendorCents: vendorShareOf(row.price_cents), ...subsidy, ...(growth ? { account: 'growth' as const } : {}) },
      { key: callChargeKey(row.id), at, memo: `Call ${row.id}` });
    if (subsidy) await tx.query('UPDATE leads SET promotion_id = $2, subsidy_cents = $3 WHERE call_id = $1', [row.id, subsidy.promotionId, subsidy.subsidyCents]);
    return true;
  } catch (e) {
    if (e instanceof LedgerError && e.code === 'insufficient_funds') return false;
    throw e;
  }
}

const LOCK_COMPANY_ACCOUNTS = statement('calls_lock_company_accounts',
  `SELECT b.account_id FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
    WHERE a.kind IN ('company_balance', 'company_growth') AND a.company_id = $1 ORDER BY b.account_id FOR UPDATE OF b`);
const CALL_BUYER = statement('calls_buyer',
  'SELECT l.user_id, p.cld_growth AS growth FROM leads l JOIN packages p ON p.id = l.package_id WHERE l.call_id = $1');

/**
 * Who pays a call charged now: its agent's running promotion (the cost share), and the
 * growth funds for a growth order. The buyer's rows are locked first, then the budgets,
 * in the order every sale takes.
 */
async function callPayers(tx: Queryable, row: OpenRow, at: Date): Promise<{ subsidy: Subsidised | null; growth: boolean }> {
  await tx.query(LOCK_COMPANY_ACCOUNTS, [row.company_id]);
  const { rows: [lead] } = await tx.query<{ user_id: number; growth: boolean }>(CALL_BUYER, [row.id]);
  if (!lead) return { subsidy: null, growth: false };
  return { subsidy: subsidyPlanner(await runningPromotions(tx, [lead.user_id], at)).quote(lead.user_id, row.price_cents), growth: lead.growth };
}

/** Write one step of a locked call, in the caller's transaction. */
async function apply(tx: Queryable, row: OpenRow, step: CallProgress): Promise<CallStep> {
  if (step.status === 'in-progress') {
    await tx.query(`UPDATE calls SET status = 'in-progress', connected_at = $2 WHERE id = $1`, [row.id, step.at]);
    return { callId: row.id, status: step.status, charged: false };
  }
  if (step.status === 'no-answer') {
    await tx.query(`UPDATE calls SET status = 'no-answer', ended_at = $2, sold = false WHERE id = $1`, [row.id, step.at]);
    return { callId: row.id, status: step.status, charged: false };
  }
  const charged = await chargeIfBillable(tx, row, step.durationSeconds, step.at);
  await tx.query(
    `UPDATE calls SET status = 'completed', ended_at = $2, duration_seconds = $3, sold = $4, charged_at = CASE WHEN $4 THEN $2::timestamptz END
      WHERE id = $1`,
    [row.id, step.at, step.durationSeconds, charged]);
  // Charged: the call's lead row is a sale now, and the report rollups count it.
  if (charged) await tx.query('UPDATE leads SET billed = true WHERE call_id = $1', [row.id]);
  await tx.query(
    `INSERT INTO call_recordings (call_id, content_type, seconds, audio, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (call_id) DO NOTHING`,
    [row.id, step.recording.contentType, step.durationSeconds, step.recording.audio, step.at]);
  return { callId: row.id, status: step.status, charged };
}

const OPEN_COLUMNS = 'id, status, company_id, vendor_id, inserted_at, connected_at, min_billable_seconds, price_cents';

/**
 * Move one call on as far as the telephony says it has gone by now (a call found long
 * after it ended takes both steps at once). The row is claimed FOR UPDATE SKIP LOCKED: an
 * instance already on it is left alone, so each step is written once across instances.
 */
async function advance(deps: LiveCallDeps, callId: number, now: Date): Promise<CallStep[]> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<OpenRow>(
      `SELECT ${OPEN_COLUMNS} FROM calls WHERE id = $1 AND status IN ('in-progress','pending-connection') FOR UPDATE SKIP LOCKED`, [callId]);
    let row: OpenRow | undefined = rows[0];
    const steps: CallStep[] = [];
    while (row) {
      const open: OpenCall = { id: row.id, status: row.status, insertedAt: new Date(row.inserted_at), connectedAt: row.connected_at && new Date(row.connected_at) };
      const step = await deps.telephony.progress(open, now);
      if (!step) break;
      steps.push(await apply(tx, row, step));
      row = step.status === 'in-progress' ? { ...row, status: 'in-progress', connected_at: step.at } : undefined;
    }
    return steps;
  });
}

/**
 * One round of the live-call worker: the open calls (the partial index calls_live_idx
 * holds only those), oldest first, each moved on in a transaction of its own. The server
 * runs it on a timer; tests move the clock and call it.
 */
export async function runLiveCalls(deps: LiveCallDeps, limit = 200): Promise<CallStep[]> {
  const now = deps.clock.now();
  const { rows } = await deps.db.query<{ id: number }>(
    `SELECT id FROM calls WHERE status IN ('in-progress','pending-connection') ORDER BY id LIMIT $1`, [limit]);
  const done: CallStep[] = [];
  for (const { id } of rows) done.push(...(await advance(deps, id, now)));
  return done;
}
