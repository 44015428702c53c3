import type { Clock } from '../../../domain/clock';
import { cardMemo } from '../../../domain/billing/cards';
import { isPositiveCents } from '../../../domain/money';
import type { Db } from '../../db/db';
import { LedgerError, postMovement, type CompanyAccount, type MovementResult } from '../ledger';
import { requestHash } from '../ledger/hash';
import { getCard } from './cards';
import { GatewayUnavailableError, type ChargeResult, type DeclineCode, type PaymentGateway } from './gateway';

export interface PaymentDeps {
  db: Db;
  clock: Clock;
  payments: PaymentGateway;
}

export type DepositOutcome =
  | { status: 'deposited'; movement: MovementResult; chargeId: string }
  | { status: 'declined'; code: DeclineCode; message: string };

/**
 * The gateway did not answer, or the charge succeeded and its recording failed: the
 * outcome is not known yet. Retrying with the same key is safe; the reconciliation job
 * settles it otherwise. HTTP: 503.
 */
export class PaymentPendingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentPendingError';
  }
}

export interface DepositRequest {
  companyId: number;
  cardId: number;
  amountCents: number;
  /** The company's balance (default) or its growth funds. */
  account?: CompanyAccount;
  /** Idempotency key of the whole deposit: the gateway charge and the ledger movement. */
  key: string;
  createdBy?: number | null;
  memo?: string;
}

/** Tries per call when the gateway does not answer; the same key each time, so at most one charge. */
const CHARGE_TRIES = 3;

interface ChargeRow {
  id: number;
  status: 'pending' | 'charged' | 'recorded' | 'declined' | 'failed';
  request_hash: string;
  gateway_charge_id: string | null;
  decline_code: DeclineCode | null;
  message: string | null;
  company_id: number;
  card_id: number;
  account: CompanyAccount;
  amount_cents: number;
  created_by: number | null;
  memo: string;
  idempotency_key: string;
}

/**
 * Deposit money from a stored card: charge it at the gateway (outside any transaction,
 * under the deposit's key), then record the deposit in the ledger. Used by the billing
 * endpoints and the recharge job.
 *
 * 1. A payment_charges row 'pending' is written first (the intent).
 * 2. The gateway charges (retried on timeouts with the same key).
 * 3. Declined: the row says why, nothing moves. Succeeded: the row becomes 'charged',
 *    then one transaction writes the ledger deposit and marks the row 'recorded'.
 * If 3 fails after the charge (the database went away, the process died), the row stays
 * 'charged' and reconcileCharges() records it; a retry with the same key does the same.
 */
export async function depositFromCard(deps: PaymentDeps, req: DepositRequest): Promise<DepositOutcome> {
  if (!isPositiveCents(req.amountCents)) throw new LedgerError('invalid_movement', 'amountCents must be a positive whole number of cents', 'amountCents');
  if (typeof req.key !== 'string' || req.key.length === 0 || req.key.length > 200) {
    throw new LedgerError('invalid_movement', 'The idempotency key must be 1 to 200 characters', 'key');
  }
  const account = req.account ?? 'balance';
  const hash = requestHash({ companyId: req.companyId, cardId: req.cardId, amountCents: req.amountCents, account,
    createdBy: req.createdBy ?? null, memo: req.memo ?? '' });
  const card = await getCard(deps.db, req.companyId, req.cardId);
  const now = deps.clock.now();
  const { rows: created } = await durably<ChargeRow>(deps.db,
    `INSERT INTO payment_charges (idempotency_key, request_hash, company_id, card_id, account, amount_cents, gateway, status, created_by, memo, created_at, updated_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10, $10 WHERE $11
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
    [req.key, hash, req.companyId, req.cardId, account, req.amountCents, deps.payments.name, req.createdBy ?? null,
      req.memo ?? '', now, card !== null],
  );
  let row = created[0] ?? (await chargeRow(deps.db, req.key));
  if (!row) throw new LedgerError('invalid_movement', 'No such card', 'cardId');
  if (row.request_hash !== hash) throw new LedgerError('idempotency_conflict', `The idempotency key ${req.key} was used for another request`);
  if (row.status === 'declined') return { status: 'declined', code: row.decline_code!, message: row.message ?? '' };
  if (row.status === 'recorded' || row.status === 'charged') return record(deps, row);
  if (row.status === 'failed') row = await setStatus(deps, row.id, { status: 'pending' });

  const token = card?.token ?? (await deps.db.query<{ token: string }>('SELECT token FROM payment_cards WHERE id = $1', [row.card_id])).rows[0].token;
  let result: ChargeResult | null = null;
  for (let i = 0; i < CHARGE_TRIES && !result; i++) {
    try {
      result = await deps.payments.charge({ token, amountCents: row.amount_cents, idempotencyKey: row.idempotency_key,
        description: `Leadline deposit for company ${row.company_id}` });
    } catch (e) {
      if (!(e instanceof GatewayUnavailableError)) throw e;
    }
  }
  if (!result) throw new PaymentPendingError('The payment gateway did not answer; the deposit will be confirmed or cancelled shortly');
  return settle(deps, row, result);
}

/**
 * One statement in a transaction of its own: on PGlite a transaction is flushed to disk
 * before it returns (openPglite), so the intent is on disk before the gateway is called.
 */
const durably = <T>(db: Db, sql: string, params: unknown[]) => db.transaction((tx) => tx.query<T>(sql, params));

async function chargeRow(db: Db, key: string): Promise<ChargeRow | undefined> {
  return (await db.query<ChargeRow>('SELECT * FROM payment_charges WHERE idempotency_key = $1', [key])).rows[0];
}

async function setStatus(deps: PaymentDeps, id: number,
  s: { status: ChargeRow['status']; chargeId?: string; code?: string; message?: string }): Promise<ChargeRow> {
  const { rows } = await durably<ChargeRow>(deps.db,
    `UPDATE payment_charges SET status = $2, gateway_charge_id = coalesce($3, gateway_charge_id), decline_code = $4, message = $5, updated_at = $6
      WHERE id = $1 RETURNING *`,
    [id, s.status, s.chargeId ?? null, s.code ?? null, s.message ?? null, deps.clock.now()]);
  return rows[0];
}

/** What the gateway answered, written down: a decline, or a charge to record. */
export async function settle(deps: PaymentDeps, row: ChargeRow, result: ChargeResult): Promise<DepositOutcome> {
  if (result.status === 'declined') {
    await setStatus(deps, row.id, { status: 'declined', code: result.code, message: result.message });
    return result;
  }
  return record(deps, await setStatus(deps, row.id, { status: 'charged', chargeId: result.chargeId }));
}

/** The ledger deposit of a charged row, and the row marked recorded, in one transaction. */
async function record(deps: PaymentDeps, row: ChargeRow): Promise<DepositOutcome> {
  try {
    const card = (await deps.db.query<{ brand: string; lastFour: string }>(
      'SELECT brand, last_four AS "lastFour" FROM payment_cards WHERE id = $1', [row.card_id])).rows[0];
    const movement = await deps.db.transaction(async (tx) => {
      const m = await postMovement(tx, {
        kind: 'deposit', companyId: row.company_id, amountCents: row.amount_cents, account: row.account, cardId: row.card_id,
        chargeId: row.gateway_charge_id!,
      }, { key: row.idempotency_key, at: deps.clock.now(), createdBy: row.created_by, memo: row.memo || (card ? cardMemo(card) : '') });
      await tx.query(`UPDATE payment_charges SET status = 'recorded', ledger_transaction_id = $2, updated_at = $3 WHERE id = $1`,
        [row.id, m.transactionId, deps.clock.now()]);
      return m;
    });
    return { status: 'deposited', movement, chargeId: row.gateway_charge_id! };
  } catch (e) {
    if (e instanceof LedgerError) throw e;
    throw new PaymentPendingError('The card was charged; the deposit will be recorded shortly');
  }
}

/**
 * Settle the charges a timeout or a crash left open for `graceMs`: record those the
 * gateway charged, close the others. Safe on several instances at once (rows are claimed
 * with SKIP LOCKED; recording is idempotent). Returns how many it settled.
 */
export async function reconcileCharges(deps: PaymentDeps, graceMs = 60_000): Promise<number> {
  const now = deps.clock.now();
  const { rows } = await deps.db.query<ChargeRow>(
    `UPDATE payment_charges SET updated_at = $1 WHERE id IN (
       SELECT id FROM payment_charges WHERE status IN ('pending','charged') AND updated_at <= $2
        ORDER BY updated_at LIMIT 50 FOR UPDATE SKIP LOCKED) RETURNING *`,
    [now, new Date(now.getTime() - graceMs)]);
  let settled = 0;
  for (const row of rows) {
    try {
      if (row.status === 'charged') await record(deps, row);
      else {
        const found = await deps.payments.findCharge(row.idempotency_key);
        if (found) await settle(deps, row, found);
        else await setStatus(deps, row.id, { status: 'failed', message: 'The gateway has no charge under this key' });
      }
      settled++;
    } catch {
      // Still unknown (gateway or database away): the next round tries again.
    }
  }
  return settled;
}
