import {
  DEFAULT_BILLING_TYPE, DEFAULT_RECHARGE_CENTS, DEFAULT_THRESHOLD_CENTS, type BillingType,
} from '../../../domain/billing/recharge';
import type { Queryable } from '../../db/db';
import { getBalance, LedgerError } from '../ledger';
import { queueRecharge } from './crossing';

export interface RechargeSettings {
  companyId: number;
  billingType: BillingType;
  active: boolean;
  amountCents: number;
  thresholdCents: number;
  effectiveAt: Date | null;
  nextPaymentAt: Date | null;
  /** The chosen recharge cards, in their priority order. */
  cardIds: number[];
}

/** A company that never set one up: the domain's defaults, off. */
const NEVER_SET_UP = {
  billingType: DEFAULT_BILLING_TYPE, active: false, amountCents: DEFAULT_RECHARGE_CENTS, thresholdCents: DEFAULT_THRESHOLD_CENTS,
  effectiveAt: null, nextPaymentAt: null,
} as const;

export async function getRechargeSettings(q: Queryable, companyId: number): Promise<RechargeSettings> {
  const { rows } = await q.query<Omit<RechargeSettings, 'cardIds'>>(
    `SELECT company_id AS "companyId", billing_type AS "billingType", active, amount_cents AS "amountCents",
            threshold_cents AS "thresholdCents", effective_at AS "effectiveAt", next_payment_at AS "nextPaymentAt"
       FROM recharge_settings WHERE company_id = $1`, [companyId]);
  const { rows: cards } = await q.query<{ id: number }>(
    `SELECT c.id FROM recharge_cards r JOIN payment_cards c ON c.id = r.card_id AND c.removed_at IS NULL
      WHERE r.company_id = $1 ORDER BY c.priority, c.id`, [companyId]);
  return {
    ...(rows[0] ?? { companyId, ...NEVER_SET_UP }),
    cardIds: cards.map((c) => c.id),
  };
}

/**
 * Turn on continuous billing or a subscription (in the caller's transaction). A
 * subscription's first payment is on its effective date (or now). When continuous billing
 * starts with the balance already below the threshold, a recharge is queued at once.
 * Business rules (who may pick the type, how far ahead the date) are the caller's.
 */
export async function saveRechargeSettings(
  tx: Queryable, companyId: number,
  s: { billingType: BillingType; amountCents: number; thresholdCents: number; effectiveAt: Date | null; cardIds?: number[] },
  meta: { by: number | null; at: Date },
): Promise<RechargeSettings> {
  const cardIds = [...new Set(s.cardIds ?? [])];
  const { rows: owned } = await tx.query<{ id: number }>(
    'SELECT id FROM payment_cards WHERE company_id = $1 AND id = ANY($2::int[]) AND removed_at IS NULL', [companyId, cardIds]);
  if (owned.length !== cardIds.length) throw new LedgerError('invalid_movement', 'A recharge card is not one of this company\'s cards', 'ctCards');
  const nextPayment = s.billingType === 'subscription' ? (s.effectiveAt ?? meta.at) : null;
  await tx.query(
    `INSERT INTO recharge_settings (company_id, billing_type, active, amount_cents, threshold_cents, effective_at, next_payment_at, updated_by, updated_at)
     VALUES ($1, $2, true, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (company_id) DO UPDATE SET billing_type = $2, active = true, amount_cents = $3, threshold_cents = $4,
       effective_at = $5, next_payment_at = $6, updated_by = $7, updated_at = $8`,
    [companyId, s.billingType, s.amountCents, s.thresholdCents, s.effectiveAt, nextPayment, meta.by, meta.at]);
  await tx.query('DELETE FROM recharge_cards WHERE company_id = $1', [companyId]);
  await tx.query('INSERT INTO recharge_cards (company_id, card_id) SELECT $1, unnest($2::int[])', [companyId, cardIds]);
  const effective = s.effectiveAt === null || s.effectiveAt <= meta.at;
  if (s.billingType === 'ct' && effective && (await getBalance(tx, companyId)) < s.thresholdCents) {
    await queueRecharge(tx, companyId, meta.at);
  }
  return getRechargeSettings(tx, companyId);
}

/** Stop recharging; the recharge cards are cleared (document 002 section 4). */
export async function deactivateRecharge(tx: Queryable, companyId: number, meta: { by: number | null; at: Date }): Promise<RechargeSettings> {
  await tx.query(
    `INSERT INTO recharge_settings (company_id, active, updated_by, updated_at) VALUES ($1, false, $2, $3)
     ON CONFLICT (company_id) DO UPDATE SET active = false, next_payment_at = NULL, updated_by = $2, updated_at = $3`,
    [companyId, meta.by, meta.at]);
  await tx.query('DELETE FROM recharge_cards WHERE company_id = $1', [companyId]);
  return getRechargeSettings(tx, companyId);
}
