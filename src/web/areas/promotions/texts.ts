/** How the promotion screens write days, dates and the budget's forecast. */
import { dollars } from '../../../domain/money/format';
import { burnRateLabel, PROMO, type BurnRateType } from '../../../domain/promotions';
import { formatDayRange } from '../../../domain/time-format';

/** A day (YYYY-MM-DD) as "Jun 1, 2026", or a dash when not set. */
export const dayText = (day: string | null): string => (day ? formatDayRange({ from: day, to: day }) : '—');

/** A promotion's days: "Jun 1 – 30, 2026", or "Until Jun 30, 2026" when it has no start date. */
export const periodText = (p: { startDate: string | null; endDate: string }): string =>
  p.startDate ? formatDayRange({ from: p.startDate, to: p.endDate }) : `Until ${dayText(p.endDate)}`;

/** The forecast at the pace of the last days, or null when nothing was spent lately. */
export const forecastText = (u: { dailyCents: number; runsOutOn: string | null }): string | null =>
  u.runsOutOn === null ? null : `At the pace of the last ${PROMO.forecastDays} days (${dollars(u.dailyCents)} a day) the budget runs out on ${dayText(u.runsOutOn)}`;

/** The end warning: "Ends today", "Ends in 1 day", "Ends in 5 days". */
export const endsText = (days: number): string => (days === 0 ? 'Ends today' : `Ends in ${days} ${days === 1 ? 'day' : 'days'}`);

/** The share of the budget used, 0 to 100, for a progress bar. */
export const usedPercent = (usedCents: number, budgetCents: number): number => (budgetCents <= 0 ? 0 : Math.min(100, Math.max(0, (usedCents / budgetCents) * 100)));

/** A burn rate as people read it ('25%', '$2.50 per sale'); the contract allows a rate without a value. */
export const rateText = (rate: { type: BurnRateType; value: number | null }): string => (rate.value === null ? '—' : burnRateLabel({ type: rate.type, value: rate.value }));
