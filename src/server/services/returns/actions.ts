import {
  disputeRefusal, isReturnReasonFor, RETURN_DESIGNED_MSG, RETURN_MSG, RETURN_STEPS, returnRefusal, type DenyDisputeReason, type DenyReason,
  type ReturnStatus, type ReturnStepName,
} from '../../../domain/returns';
import { statement, type Db, type Queryable } from '../../db/db';
import { postMovement, purchaseKey, purchasePayer, purchaseVendorShare } from '../ledger';
import { findReturn, scopeSql, type ReturnRow, type ReturnScope } from './store';

/**
 * The changes of a return's life (document 002 sections 4 and 5, document 000 section 4).
 * Each is one database transaction; each state change is one guarded UPDATE (`WHERE
 * return_status = <the status it leaves>`), so two requests racing on one lead change it
 * once and the loser is answered from what the winner left. An approval refunds the buyer
 * through the ledger in the same transaction, keyed `return:lead:<id>`: once per lead,
 * whatever the retries or concurrent approvals.
 */

/** A refusal the caller can act on: the API's status and text (and the field, if one). */
export class ReturnRefusal extends Error {
  constructor(readonly status: 400 | 404 | 409 | 422, message: string, readonly field?: string) {
    super(message);
  }
}

export interface Who {
  userId: number;
  isSuperAdmin: boolean;
}

const missing = () => new ReturnRefusal(404, RETURN_DESIGNED_MSG.leadMissing);

async function mustFind(q: Queryable, leadId: number, scope: ReturnScope): Promise<ReturnRow> {
  const row = await findReturn(q, leadId, scope);
  if (!row) throw missing();
  return row;
}

const candidate = (r: ReturnRow) => ({
  product: r.product,
  productVariant: r.product_variant,
  digitalAds: r.digital_ads,
  returnStatus: r.return_status,
  insertedAt: r.inserted_at,
  callStatus: r.call_status,
  owner: { timeZone: r.owner_timezone, features: r.owner_features },
});

/** Why this caller may not return this lead now (null: they may). */
export const refusalFor = (r: ReturnRow, who: Pick<Who, 'isSuperAdmin'>, now: Date): string | null =>
  returnRefusal(candidate(r), who, now);

export const disputeRefusalFor = (r: ReturnRow, now: Date): string | null =>
  disputeRefusal({ returnStatus: r.return_status, denyReason: r.deny_reason, respondedAt: r.return_responded_at }, now);

/** One step of a return's life, as its timeline shows it. */
export interface ReturnStep {
  leadId: number;
  status: ReturnStatus;
  reason: string | null;
  by: number | null;
  at: Date;
}

/**
 * Write steps of returns' timelines, in the order given (the timeline reads them by id):
 * each change below writes its one step, the demo seed every step of its returns' lives.
 */
export async function logReturnSteps(q: Queryable, steps: readonly ReturnStep[]): Promise<void> {
  if (steps.length === 0) return;
  await q.query(
    `INSERT INTO lead_return_events (lead_id, status, reason, by_user, at)
       SELECT s.lead_id, s.status, s.reason, s.by_user, s.at
         FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::timestamptz[]) WITH ORDINALITY AS s(lead_id, status, reason, by_user, at, ord)
        ORDER BY s.ord`,
    [steps.map((s) => s.leadId), steps.map((s) => s.status), steps.map((s) => s.reason), steps.map((s) => s.by), steps.map((s) => s.at.toISOString())],
  );
}

/**
 * One guarded change: one step of the domain's RETURN_STEPS. UPDATE the lead to the step's
 * status (and `set`, whose parameters start at $3) when its status is one the step leaves
 * (and the scope sees it), log the step; returns false when the guard did not hold
 * (nothing written).
 */
async function change(tx: Queryable, leadId: number, scope: ReturnScope, name: ReturnStepName, set: string,
  params: unknown[], log: { reason: string | null; by: number; at: Date }, also = 'true'): Promise<boolean> {
  const step = RETURN_STEPS[name];
  const from: ReadonlyArray<ReturnStatus | null> = step.from;
  const to = 3 + params.length;
  const s = scopeSql(scope, to + 1);
  const allowsNone = from.includes(null);
  const statuses = from.filter((x): x is ReturnStatus => x !== null);
  const { rows } = await tx.query<{ id: number }>(
    `UPDATE leads l SET return_status = $${to}, ${set} WHERE l.id = $1
       AND (l.return_status = ANY($2::text[])${allowsNone ? ' OR l.return_status IS NULL' : ''}) AND ${s.sql} AND ${also} RETURNING l.id`,
    [leadId, statuses, ...params, step.to, ...s.params],
  );
  if (rows.length === 0) return false;
  await logReturnSteps(tx, [{ leadId, status: step.to, ...log }]);
  return true;
}

const LOCK_BUYER_BALANCE = `SELECT 1 FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.account_id
  WHERE a.kind = 'company_balance' AND a.company_id = (SELECT l.company_id FROM leads l WHERE l.id = $1) FOR UPDATE OF b`;

/** An agent (or an admin for them) asks to return a lead or a call, with one of its product's reasons. */
export async function requestReturn(db: Db, leadId: number, scope: ReturnScope, who: Who, reason: string, now: Date): Promise<ReturnRow> {
  return db.transaction(async (tx) => {
    const row = await mustFind(tx, leadId, scope);
    if (!reason) throw new ReturnRefusal(400, RETURN_DESIGNED_MSG.reasonRequired, 'returnReason');
    if (!isReturnReasonFor(row.product, reason)) throw new ReturnRefusal(400, RETURN_DESIGNED_MSG.reasonUnknown, 'returnReason');
    const refusal = refusalFor(row, who, now);
    if (refusal) throw new ReturnRefusal(422, refusal);
    const ok = await change(tx, leadId, scope, 'request', 'return_reason = $3, return_requested_at = $4, return_requested_by = $5',
      [reason, now, who.userId], { reason, by: who.userId, at: now });
    // Another request won the race: the lead has a return now.
    if (!ok) throw new ReturnRefusal(422, RETURN_MSG.alreadyPending);
    return mustFind(tx, leadId, scope);
  });
}

const LEAD_SUBSIDY = statement('returns_lead_subsidy', 'SELECT promotion_id, subsidy_cents FROM leads WHERE id = $1');

/**
 * Approve a pending or disputed return: the buyer gets the lead's price back through the
 * ledger. Approving an approved return again answers it as it is and moves nothing.
 */
export async function approveReturn(db: Db, leadId: number, scope: ReturnScope, who: Who, now: Date): Promise<ReturnRow> {
  return db.transaction(async (tx) => {
    // The buyer's balance before the lead: a sale takes its company's balance, then writes its lead's rollup row (migration
    // 020), which this lead's change also updates; taken the other way round, the two would deadlock.
    await tx.query(LOCK_BUYER_BALANCE, [leadId]);
    const ok = await change(tx, leadId, scope, 'approve', 'return_responded_at = $3, return_decided_by = $4',
      [now, who.userId], { reason: null, by: who.userId, at: now });
    const row = await mustFind(tx, leadId, scope);
    if (!ok) {
      if (row.return_status === RETURN_STEPS.approve.to) return row;
      throw new ReturnRefusal(422, RETURN_DESIGNED_MSG.notDecidable);
    }
    const key = row.call_id === null ? purchaseKey('leads', leadId) : purchaseKey('calls', row.call_id);
    // A call's lead is written when the call connects and charged only when it ends billable:
    // a call never charged (unanswered, too short, refused by the balance) refunds nothing.
    const paid = row.call_id === null || (await tx.query('SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1', [key])).rows.length > 0;
    if (row.price_cents > 0 && paid) {
      // The vendor's share of the purchase comes back from its payable account (refund mirrors sale).
      const share = await purchaseVendorShare(tx, key);
      const vendor = share === null ? {} : { vendorId: share.vendorId, vendorCents: Math.min(share.cents, row.price_cents) };
      // A promotion's subsidy goes back to its budget, the rest to the buyer: each part to whoever paid it.
      const { rows: [paidBy] } = await tx.query<{ promotion_id: number | null; subsidy_cents: number }>(LEAD_SUBSIDY, [leadId]);
      const subsidy = paidBy?.promotion_id ? { promotionId: paidBy.promotion_id, subsidyCents: paidBy.subsidy_cents } : {};
      // Back to the account that paid: the growth funds of a growth order, else the balance.
      const account = (await purchasePayer(tx, key)) === 'growth' ? { account: 'growth' as const } : {};
      await postMovement(tx, { kind: 'return_refund', companyId: row.company_id, amountCents: row.price_cents, leadId, ...vendor, ...subsidy, ...account },
        { key: `return:lead:${leadId}`, at: now, createdBy: who.userId, memo: `Approved return of lead ${leadId}` });
    }
    return row;
  });
}

/** Deny a pending return with one of the 14 reasons. */
export async function denyReturn(db: Db, leadId: number, scope: ReturnScope, who: Who, reason: DenyReason, now: Date): Promise<ReturnRow> {
  return db.transaction(async (tx) => {
    const ok = await change(tx, leadId, scope, 'deny', 'deny_reason = $3, return_responded_at = $4, return_decided_by = $5',
      [reason, now, who.userId], { reason, by: who.userId, at: now });
    const row = await mustFind(tx, leadId, scope);
    if (!ok && !(row.return_status === RETURN_STEPS.deny.to && row.deny_reason === reason)) throw new ReturnRefusal(422, RETURN_DESIGNED_MSG.notPending);
    return row;
  });
}

/** The agent disputes a denial: only a denial, never one because the lead was quoted, within 10 days. */
export async function disputeReturn(db: Db, leadId: number, scope: ReturnScope, who: Who, now: Date): Promise<ReturnRow> {
  return db.transaction(async (tx) => {
    const before = await mustFind(tx, leadId, scope);
    const refusal = disputeRefusalFor(before, now);
    if (refusal) {
      if (before.return_status === RETURN_STEPS.dispute.to) return before;
      throw new ReturnRefusal(422, refusal);
    }
    // The denial checked above must still be the one in place.
    const ok = await change(tx, leadId, scope, 'dispute', 'return_disputed_at = $3',
      [now, before.return_responded_at], { reason: null, by: who.userId, at: now }, 'l.return_responded_at = $4');
    const row = await mustFind(tx, leadId, scope);
    if (!ok && row.return_status !== RETURN_STEPS.dispute.to) throw new ReturnRefusal(422, disputeRefusalFor(row, now) ?? RETURN_DESIGNED_MSG.notDenied);
    return row;
  });
}

/** Deny a dispute with a deny-dispute reason. */
export async function denyDispute(db: Db, leadId: number, scope: ReturnScope, who: Who, reason: DenyDisputeReason, now: Date): Promise<ReturnRow> {
  return db.transaction(async (tx) => {
    const ok = await change(tx, leadId, scope, 'denyDispute', 'deny_dispute_reason = $3, return_responded_at = $4, return_decided_by = $5',
      [reason, now, who.userId], { reason, by: who.userId, at: now });
    const row = await mustFind(tx, leadId, scope);
    if (!ok && !(row.return_status === RETURN_STEPS.denyDispute.to && row.deny_dispute_reason === reason)) {
      throw new ReturnRefusal(422, RETURN_DESIGNED_MSG.notDisputed);
    }
    return row;
  });
}
