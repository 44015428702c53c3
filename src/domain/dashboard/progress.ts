import { addDays, addMonths, monthStart, weekdayOf } from '../time/days';

/**
 * An order's month on the dashboard (document 002 section 2: fill rate, remaining
 * capacity and days left, business days counted through month end). Days are calendar
 * days in the agent's time zone, worked out once by the caller (`isoDayIn`).
 *
 * A business day is Monday to Friday; holidays are not taken out (the holiday banners say
 * when volume runs low instead). Today counts as a day left while it is a business day:
 * the order still buys for the rest of it.
 */

export const isBusinessDay = (day: string): boolean => {
  const w = weekdayOf(day);
  return w !== 0 && w !== 6;
};

/** The last day of the day's month. */
export const monthEnd = (day: string): string => addDays(addMonths(monthStart(day), 1), -1);

function businessDaysBetween(from: string, to: string): number {
  let n = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) if (isBusinessDay(d)) n++;
  return n;
}

/** Business days from today through the month's last day, today included when it is one. */
export const businessDaysLeft = (today: string): number => businessDaysBetween(today, monthEnd(today));

/** Business days in today's month. */
export const businessDaysInMonth = (today: string): number => businessDaysBetween(monthStart(today), monthEnd(today));

/** The share (0..1) of the month's business days already behind us: where a steady order's fill should be by now. */
export function monthElapsedShare(today: string): number {
  const all = businessDaysInMonth(today);
  return all === 0 ? 0 : (all - businessDaysLeft(today)) / all;
}

export interface MonthProgress {
  sold: number;
  cap: number;
  /** What the monthly cap still allows (never below 0). */
  remaining: number;
  /** Sold over the monthly cap, 0..1 in thousandths (a cap lowered below the sales reads 1). */
  fillRate: number;
  businessDaysLeft: number;
}

export function monthProgress(sold: number, cap: number, today: string): MonthProgress {
  return {
    sold,
    cap,
    remaining: Math.max(0, cap - sold),
    fillRate: cap > 0 ? Math.min(1, Math.round((sold / cap) * 1000) / 1000) : 0,
    businessDaysLeft: businessDaysLeft(today),
  };
}

/** The bubble text of an order's bar: fill rate, remaining capacity and days left. */
export function progressBubble(p: Pick<MonthProgress, 'fillRate' | 'remaining' | 'businessDaysLeft'>, unit: 'leads' | 'calls'): string {
  const days = p.businessDaysLeft === 1 ? '1 business day' : `${p.businessDaysLeft} business days`;
  return `${Math.round(p.fillRate * 100)}% filled · ${p.remaining.toLocaleString('en-US')} ${unit} left this month · ${days} left`;
}

/** Document 002 section 2: on small screens an order's name is cut to 10 characters plus an ellipsis. */
export const SHORT_NAME_LENGTH = 10;
export const shortName = (name: string): string => ([...name].length > SHORT_NAME_LENGTH ? `${[...name].slice(0, SHORT_NAME_LENGTH).join('')}…` : name);
