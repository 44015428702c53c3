import { choosePromotion, subsidyCents, type EligiblePromotion } from '../../../domain/promotions';
import { statement, type Queryable } from '../../db/db';

/** A promotion an agent could be paid by now, with its budget row locked. */
export interface RunningPromotion extends EligiblePromotion {
  userId: number;
}

/**
 * The running promotions of these agents (active, not archived, enrolled and enabled,
 * within their dates in the agent's time zone, budget left), their budget rows locked in
 * account order. Called by a sale after it has locked its orders and its buyers' balances
 * (the one lock order every sale takes), so the budget read is the one the sale spends.
 */
const RUNNING = statement('promotions_running',
  `SELECT e.user_id, p.id, p.priority, p.end_date::text AS end_date, p.burn_type, p.burn_value, b.balance_cents::float8 AS left
     FROM promotion_enrollments e
     JOIN users u ON u.id = e.user_id
     JOIN promotions p ON p.id = e.promotion_id
     JOIN ledger_accounts a ON a.kind = 'promotion_budget' AND a.promotion_id = p.id
     JOIN ledger_balances b ON b.account_id = a.id
    WHERE e.user_id = ANY($1::int[]) AND e.is_active AND p.is_active AND NOT p.is_archived AND b.balance_cents > 0
      AND (p.start_date IS NULL OR p.start_date <= ($2::timestamptz AT TIME ZONE u.timezone)::date)
      AND p.end_date >= ($2::timestamptz AT TIME ZONE u.timezone)::date
    ORDER BY b.account_id
      FOR UPDATE OF b`);

export async function runningPromotions(tx: Queryable, userIds: number[], now: Date): Promise<RunningPromotion[]> {
  if (userIds.length === 0) return [];
  const { rows } = await tx.query<{ user_id: number; id: number; priority: number; end_date: string; burn_type: 'percent' | 'fixed'; burn_value: number; left: number }>(
    RUNNING, [[...new Set(userIds)], now]);
  return rows.map((r) => ({
    userId: r.user_id, id: r.id, priority: r.priority, endDate: r.end_date, budgetLeftCents: r.left,
    burnRate: r.burn_type === 'percent' ? { type: 'percent', value: r.burn_value / 10_000 } : { type: 'fixed', value: r.burn_value },
  }));
}

export interface Subsidised {
  promotionId: number;
  subsidyCents: number;
}

/**
 * A sale's subsidies, decided one sale at a time: each takes the best promotion of its
 * agent (domain/promotions choosePromotion) and spends from the budget left in memory, so
 * two buyers of one lead in the same promotion never spend more than it has.
 */
export function subsidyPlanner(running: RunningPromotion[]) {
  const byUser = new Map<number, RunningPromotion[]>();
  for (const p of running) byUser.set(p.userId, [...(byUser.get(p.userId) ?? []), p]);
  const left = new Map(running.map((p) => [p.id, p.budgetLeftCents]));
  return {
    /** What a sale at this price to this agent would be paid by, without spending it. */
    quote(userId: number, priceCents: number): Subsidised | null {
      const mine = (byUser.get(userId) ?? []).map((p) => ({ ...p, budgetLeftCents: left.get(p.id) ?? 0 }));
      const best = choosePromotion(mine, priceCents);
      return best && { promotionId: best.id, subsidyCents: subsidyCents(best.burnRate, priceCents, best.budgetLeftCents) };
    },
    spend(s: Subsidised): void {
      left.set(s.promotionId, (left.get(s.promotionId) ?? 0) - s.subsidyCents);
    },
  };
}
