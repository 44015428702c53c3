import { expiryText, mayRemoveCard } from '../../../domain/billing/cards';
import type { RechargeCardFacts } from '../../../domain/billing/recharge';
import { isoDayIn } from '../../../domain/time/zone';
import type { Actor } from '../../../domain/roles';
import type { Queryable } from '../../db/db';
import { getBalances } from '../ledger';
import { listCards, type PaymentCard } from '../payments';
import { getRechargeSettings } from '../recharge/settings';

/**
 * The billing area's reads and card changes, over the ledger's and payments' tables
 * (services/ledger, services/payments and services/recharge own the money itself).
 */

export interface CompanyRow {
  id: number;
  name: string;
}

export async function findCompany(q: Queryable, id: number): Promise<CompanyRow | null> {
  return (await q.query<CompanyRow>('SELECT id, name FROM companies WHERE id = $1', [id])).rows[0] ?? null;
}

/** Every company with its spendable balance, by name (admins choose from it). */
export async function listCompanies(q: Queryable): Promise<Array<CompanyRow & { balance: number }>> {
  const { rows } = await q.query<CompanyRow & { balance: number }>(
    `SELECT c.id, c.name, coalesce(b.balance_cents, 0)::float8 AS balance
       FROM companies c
       LEFT JOIN ledger_accounts a ON a.company_id = c.id AND a.kind = 'company_balance'
       LEFT JOIN ledger_balances b ON b.account_id = a.id
      ORDER BY lower(c.name), c.id`,
  );
  return rows;
}

const cardView = (c: PaymentCard, rechargeIds: number[]) => ({
  id: c.id,
  lastFour: c.lastFour,
  brand: c.brand,
  expirationMonth: c.expMonth,
  expirationYear: c.expYear,
  expirationDate: expiryText(c.expMonth, c.expYear),
  autoBillingEligible: c.autoBillingEligible,
  billingPriority: c.priority,
  rechargeCard: rechargeIds.includes(c.id),
});

/** What the recharge rule reads of each of a company's cards (src/domain/billing/recharge). */
export async function rechargeCardFacts(q: Queryable, companyId: number): Promise<RechargeCardFacts[]> {
  return (await listCards(q, companyId)).map((c) => ({
    id: c.id, autoBillingEligible: c.autoBillingEligible, expirationMonth: c.expMonth, expirationYear: c.expYear,
  }));
}

/** The company billing record of document 002 section 3, as the API sends it. */
export async function billingRecord(q: Queryable, company: CompanyRow, timeZone: string) {
  const [balances, settings, cards] = await Promise.all([getBalances(q, company.id), getRechargeSettings(q, company.id), listCards(q, company.id)]);
  const day = (d: Date | null) => (d ? isoDayIn(new Date(d), timeZone) : null);
  return {
    id: company.id,
    name: company.name,
    balance: balances.balanceCents,
    growthFunds: balances.growthCents,
    billingType: settings.active ? settings.billingType : null,
    withdrawalAmount: settings.amountCents,
    withdrawalThreshold: settings.thresholdCents,
    effectiveDate: settings.active ? day(settings.effectiveAt) : null,
    nextPayment: settings.active ? day(settings.nextPaymentAt) : null,
    creditCards: cards.map((c) => cardView(c, settings.active ? settings.cardIds : [])),
  };
}

/** The company's cards, locked for a change (in the caller's transaction), in priority order. */
async function lockedCards(tx: Queryable, companyId: number): Promise<Array<{ id: number; priority: number; autoBillingEligible: boolean; lastFour: string }>> {
  const { rows } = await tx.query<{ id: number; priority: number; autoBillingEligible: boolean; lastFour: string }>(
    `SELECT id, priority, auto_billing_eligible AS "autoBillingEligible", last_four AS "lastFour" FROM payment_cards
      WHERE company_id = $1 AND removed_at IS NULL ORDER BY priority, id FOR UPDATE`,
    [companyId],
  );
  return rows;
}

/** Number the cards 1..n in the order given. */
async function renumber(tx: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `UPDATE payment_cards p SET priority = o.n FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n) WHERE p.id = o.id AND p.priority <> o.n`,
    [ids],
  );
}

/**
 * Change a card's priority (it takes that place; the others keep their order around it)
 * or its auto-billing eligibility. False when the card is not the company's.
 */
export async function updateCard(
  tx: Queryable,
  companyId: number,
  cardId: number,
  patch: { billingPriority?: number; autoBillingEligible?: boolean },
): Promise<boolean> {
  const cards = await lockedCards(tx, companyId);
  const card = cards.find((c) => c.id === cardId);
  if (!card) return false;
  if (patch.autoBillingEligible !== undefined)
    await tx.query('UPDATE payment_cards SET auto_billing_eligible = $2 WHERE id = $1', [cardId, patch.autoBillingEligible]);
  if (patch.billingPriority !== undefined) {
    const others = cards.filter((c) => c.id !== cardId).map((c) => c.id);
    const at = Math.min(Math.max(patch.billingPriority, 1), cards.length) - 1;
    await renumber(tx, [...others.slice(0, at), cardId, ...others.slice(at)]);
  }
  return true;
}

export type RemoveOutcome = { ok: true; lastFour: string } | { ok: false; reason: 'missing' | 'card_required' };

/**
 * Remove a card (document 002 section 5): allowed when it is not auto-billing eligible,
 * the remover is a super admin, or another auto-billing card remains. It leaves the
 * recharge cards, and the others close up their priorities.
 */
export async function removeCard(tx: Queryable, companyId: number, cardId: number, remover: Pick<Actor, 'role' | 'isSuperAdmin'>, at: Date): Promise<RemoveOutcome> {
  const cards = await lockedCards(tx, companyId);
  const card = cards.find((c) => c.id === cardId);
  if (!card) return { ok: false, reason: 'missing' };
  if (!mayRemoveCard(card, cards, remover)) return { ok: false, reason: 'card_required' };
  await tx.query('UPDATE payment_cards SET removed_at = $2 WHERE id = $1', [cardId, at]);
  await tx.query('DELETE FROM recharge_cards WHERE card_id = $1', [cardId]);
  await renumber(tx, cards.filter((c) => c.id !== cardId).map((c) => c.id));
  return { ok: true, lastFour: card.lastFour };
}
