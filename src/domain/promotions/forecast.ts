/**
 * When a promotion's budget runs out at the pace of its last days, and whether its end
 * is near (shown on the promotion's page).
 */
import { addDays } from '../time/days';
import { PROMO } from './promotion';

export interface BudgetForecast {
  /** Cents a day at the pace of the last PROMO.forecastDays days. */
  dailyCents: number;
  /** The day the budget runs out at that pace; null when nothing was spent lately or nothing is left. */
  runsOutOn: string | null;
  /** It runs out before the promotion ends. */
  beforeEnd: boolean;
}

export function budgetForecast(o: { leftCents: number; spentLastDaysCents: number; today: string; endDate: string }): BudgetForecast {
  const dailyCents = Math.round(o.spentLastDaysCents / PROMO.forecastDays);
  if (o.spentLastDaysCents <= 0 || o.leftCents <= 0) return { dailyCents, runsOutOn: null, beforeEnd: false };
  const runsOutOn = addDays(o.today, Math.ceil((o.leftCents * PROMO.forecastDays) / o.spentLastDaysCents));
  return { dailyCents, runsOutOn, beforeEnd: runsOutOn < o.endDate };
}

/** Days until the end date, when it is within the warning window (0 on the last day); null otherwise or once ended. */
export function daysToEnd(today: string, endDate: string): number | null {
  const days = Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return days >= 0 && days <= PROMO.endWarningDays ? days : null;
}
