/**
 * All time-zone math of Leadline, in one module (architecture rule 5: store UTC, evaluate in
 * the user's zone). @date-fns/tz reads the zone database that ships with Intl; it finds the
 * first moment of a day where midnight does not exist (America/Santiago's spring change),
 * which the earlier hand-written offset arithmetic got an hour wrong. A zone name that
 * Intl does not know reads as UTC, so bad data never breaks a screen or a query.
 */
import { TZDate } from '@date-fns/tz';

const known = new Map<string, boolean>();

/** The zone itself when Intl knows it, otherwise UTC. */
export function zoneOrUtc(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  let ok = known.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(timeZone, ok);
  }
  return ok ? timeZone : 'UTC';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a wall clock in a zone: its calendar day, weekday (0 Sunday), hour and minute. */
export function wallClockIn(at: Date, timeZone: string | null | undefined): { day: string; weekday: number; hour: number; minute: number } {
  const t = new TZDate(at.getTime(), zoneOrUtc(timeZone));
  return { day: `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`, weekday: t.getDay(), hour: t.getHours(), minute: t.getMinutes() };
}

/**
 * The calendar day (YYYY-MM-DD) of a moment in a zone: "today" for a user is their own
 * day. At 05:54 UTC it is still the day before in Phoenix (UTC−7, 22:54).
 */
export const isoDayIn = (at: Date, timeZone: string | null | undefined): string => wallClockIn(at, timeZone).day;

/** The weekday (0 Sunday) of a moment in a zone. */
export const weekdayIn = (at: Date, timeZone: string | null | undefined): number => wallClockIn(at, timeZone).weekday;

/** The first moment of a day (YYYY-MM-DD) in a zone, as a UTC instant. */
export function dayStartIn(day: string, timeZone: string | null | undefined): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d, zoneOrUtc(timeZone)).getTime());
}

/** A range of days in a zone as the instants [start of `from`, start of the day after `to`). */
export function dayRangeIn(range: { from: string; to: string }, timeZone: string | null | undefined): { from: Date; to: Date } {
  const [y, m, d] = range.to.split('-').map(Number);
  return { from: dayStartIn(range.from, timeZone), to: new Date(new TZDate(y, m - 1, d + 1, zoneOrUtc(timeZone)).getTime()) };
}
