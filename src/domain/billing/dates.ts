/**
 * Date rules of the billing screens (document 002 section 9), on ISO days (YYYY-MM-DD) in
 * the user's zone: callers pass today's day, never the clock.
 */

/** Page sizes of the billing log. */
export const BILLING_PAGE_SIZES = [10, 30, 50, 100] as const;
export const DEFAULT_BILLING_PAGE_SIZE = 10;

const parts = (day: string): [number, number, number] => day.split('-').map(Number) as [number, number, number];
const iso = (y: number, m: number, d: number): string => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.toISOString().slice(0, 10);
};
const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The same day n months away, clamped to the month's last day (31 Mar − 1 month = 28/29 Feb). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = parts(day);
  const total = y * 12 + (m - 1) + n;
  const ty = Math.floor(total / 12);
  const tm = (total % 12) + 1;
  return iso(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

export const addDays = (day: string, n: number): string => {
  const [y, m, d] = parts(day);
  return iso(y, m, d + n);
};

/** The activity log's default range: from the start of the current month to today. */
export const activityDefaultRange = (today: string): { from: string; to: string } => ({ from: `${today.slice(0, 8)}01`, to: today });

/** The billing statement: start 3 months back by default, never before 2 years back. */
export const STATEMENT_DEFAULT_MONTHS_BACK = 3;
export const STATEMENT_MIN_YEARS_BACK = 2;
export const statementDefaultStart = (today: string): string => addMonths(today, -STATEMENT_DEFAULT_MONTHS_BACK);
export const statementMinStart = (today: string): string => addMonths(today, -12 * STATEMENT_MIN_YEARS_BACK);

/** Is this statement range allowed? from ≥ 2 years back, from ≤ to ≤ today. */
export function statementRangeValid(from: string, to: string, today: string): boolean {
  return isIsoDay(from) && isIsoDay(to) && from >= statementMinStart(today) && from <= to && to <= today;
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = parts(s);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** Minutes a zone is ahead of UTC at a moment (negative west of Greenwich). */
function zoneOffsetMinutes(at: Date, timeZone: string): number {
  try {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(at)
        .map((x) => [x.type, x.value]),
    );
    const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
    return Math.round((asUtc - at.getTime()) / 60_000);
  } catch {
    return 0;
  }
}

/** The first moment of a day (YYYY-MM-DD) in a time zone, as a UTC instant. */
export function dayStartIn(day: string, timeZone: string): Date {
  const [y, m, d] = parts(day);
  const guess = Date.UTC(y, m - 1, d);
  let t = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  // Once more, in case the offset differs at the moment found (a DST change that day).
  t = guess - zoneOffsetMinutes(new Date(t), timeZone) * 60_000;
  return new Date(t);
}
