import type { Queryable } from '../../db/db';
import type { CardInput, DeclineCode, PaymentGateway } from './gateway';

/** A stored card: the gateway's token and what the screens show, never the number or CVV. */
export interface PaymentCard {
  id: number;
  companyId: number;
  userId: number | null;
  gateway: string;
  token: string;
  brand: string;
  lastFour: string;
  expMonth: number;
  expYear: number;
  priority: number;
  autoBillingEligible: boolean;
  createdAt: Date;
}

export const CARD_COLUMNS = `id, company_id AS "companyId", user_id AS "userId", gateway, token, brand, last_four AS "lastFour",
  exp_month AS "expMonth", exp_year AS "expYear", priority, auto_billing_eligible AS "autoBillingEligible", created_at AS "createdAt"`;

/** A company's cards in priority order (removed ones left out). */
export async function listCards(q: Queryable, companyId: number): Promise<PaymentCard[]> {
  return (await q.query<PaymentCard>(
    `SELECT ${CARD_COLUMNS} FROM payment_cards WHERE company_id = $1 AND removed_at IS NULL ORDER BY priority, id`, [companyId])).rows;
}

export async function getCard(q: Queryable, companyId: number, cardId: number): Promise<PaymentCard | null> {
  return (await q.query<PaymentCard>(
    `SELECT ${CARD_COLUMNS} FROM payment_cards WHERE id = $1 AND company_id = $2 AND removed_at IS NULL`, [cardId, companyId])).rows[0] ?? null;
}

/**
 * Tokenise a card at the gateway (a network call: outside any transaction), then store
 * the token. The new card goes last in priority unless one is given.
 */
export async function addCard(
  deps: { db: Queryable; payments: PaymentGateway; clock: { now(): Date } },
  req: { companyId: number; userId: number | null; card: CardInput; priority?: number; autoBillingEligible?: boolean },
): Promise<{ ok: true; card: PaymentCard } | { ok: false; code: DeclineCode; message: string }> {
  const t = await deps.payments.tokenize(req.card);
  if (!t.ok) return t;
  const { rows } = await deps.db.query<PaymentCard>(
    `INSERT INTO payment_cards (company_id, user_id, gateway, token, brand, last_four, exp_month, exp_year, priority, auto_billing_eligible, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
             coalesce($9, (SELECT coalesce(max(priority), 0) + 1 FROM payment_cards WHERE company_id = $1 AND removed_at IS NULL)), $10, $11)
     RETURNING ${CARD_COLUMNS}`,
    [req.companyId, req.userId, deps.payments.name, t.card.token, t.card.brand, t.card.lastFour, t.card.expMonth, t.card.expYear,
      req.priority ?? null, req.autoBillingEligible ?? true, deps.clock.now()],
  );
  return { ok: true, card: rows[0] };
}
