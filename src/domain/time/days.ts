/**
 * Calendar days written YYYY-MM-DD, with no time zone: "today" for a user is worked out
 * once (zone.ts, `isoDayIn`) and the rules do their arithmetic on the day itself.
 */

const parts = (day: string): [number, number, number] => day.split('-').map(Number) as [number, number, number];
const iso = (y: number, m: number, d: number): string => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = parts(s);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

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

/** The weekday of a day, 0 Sunday … 6 Saturday. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The year of a day: '2026-11-18' → 2026. */
export const yearOf = (day: string): number => Number(day.slice(0, 4));

/** The first day of the day's month. */
export const monthStart = (day: string): string => `${day.slice(0, 8)}01`;
