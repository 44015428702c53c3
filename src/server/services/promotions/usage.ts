import type { components } from '../../../api/schema';
import { budgetForecast, daysToEnd, PROMO } from '../../../domain/promotions';
import { isoDayIn } from '../../../domain/time/zone';
import type { Queryable } from '../../db/db';

/** The contract's shape of it (PromotionDetail.usage). */
export type PromotionUsage = components['schemas']['PromotionDetail']['usage'];

/** A promotion's budget left (its ledger account), its sales, its pace and its top agents. */
export async function promotionUsage(q: Queryable, p: { id: number; end_date: string }, now: Date, timeZone: string): Promise<PromotionUsage> {
  const since = new Date(now.getTime() - PROMO.forecastDays * 86_400_000);
  const { rows: [t] } = await q.query<{ left: number; sales: number; recent: number }>(
    `SELECT coalesce((SELECT b.balance_cents FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
                       WHERE a.kind = 'promotion_budget' AND a.promotion_id = $1), 0)::float8 AS left,
            count(l.id)::int AS sales,
            coalesce(sum(l.subsidy_cents) FILTER (WHERE l.inserted_at >= $2), 0)::int AS recent
       FROM leads l WHERE l.promotion_id = $1 AND l.return_status IS DISTINCT FROM 'return_approved'`, [p.id, since]);
  const { rows: byAgent } = await q.query<{ agent_id: number; name: string; used: number; sales: number }>(
    `SELECT u.id AS agent_id, u.first_name || ' ' || u.last_name AS name, sum(l.subsidy_cents)::int AS used, count(*)::int AS sales
       FROM leads l JOIN users u ON u.id = l.user_id
      WHERE l.promotion_id = $1 AND l.return_status IS DISTINCT FROM 'return_approved'
      GROUP BY u.id ORDER BY used DESC, u.id LIMIT 10`, [p.id]);
  const today = isoDayIn(now, timeZone);
  const forecast = budgetForecast({ leftCents: t.left, spentLastDaysCents: t.recent, today, endDate: p.end_date });
  return {
    leftCents: t.left, sales: t.sales, spentLastDaysCents: t.recent, dailyCents: forecast.dailyCents, runsOutOn: forecast.runsOutOn,
    runsOutBeforeEnd: forecast.beforeEnd, endsInDays: daysToEnd(today, p.end_date),
    byAgent: byAgent.map((a) => ({ agentId: a.agent_id, name: a.name, usedCents: a.used, sales: a.sales })),
  };
}
