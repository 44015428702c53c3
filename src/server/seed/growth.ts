import type { Queryable } from '../db/db';
import { postMovements } from '../services/ledger';

/**
 * Growth funds for one seed company, so growth (CLD) packages show to someone (document 001
 * section 6: growth packages show when the company's growth funds reach their cost). Lone
 * Star Insurance Group made a growth deposit from its card, and its first agent holds the
 * cld_growth feature that ordering a growth package needs. Admins see it by switching into
 * that agent; the demo agency holds no growth funds, so its agents do not see them.
 */
export const GROWTH_COMPANY = 'Lone Star Insurance Group';
export const GROWTH_DEPOSIT_CENTS = 50_000;

export async function seedGrowthFunds(q: Queryable, at: Date): Promise<void> {
  const { rows } = await q.query<{ company_id: number; user_id: number; card_id: number | null }>(
    `SELECT c.id AS company_id,
            (SELECT u.id FROM users u WHERE u.company_id = c.id ORDER BY u.id LIMIT 1) AS user_id,
            (SELECT p.id FROM payment_cards p WHERE p.company_id = c.id AND p.removed_at IS NULL ORDER BY p.priority, p.id LIMIT 1) AS card_id
       FROM companies c WHERE c.name = $1`,
    [GROWTH_COMPANY],
  );
  const c = rows[0];
  if (!c) return;
  await postMovements(q, [{
    movement: { kind: 'deposit', account: 'growth', companyId: c.company_id, amountCents: GROWTH_DEPOSIT_CENTS, ...(c.card_id ? { cardId: c.card_id } : {}) },
    meta: { key: `seed:growth:${c.company_id}`, at, memo: 'Growth funds deposit' },
  }]);
  await q.query(`UPDATE users SET features = array_append(features, 'cld_growth') WHERE id = $1 AND NOT ('cld_growth' = ANY(features))`, [c.user_id]);
}
