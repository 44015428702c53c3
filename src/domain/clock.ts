/** Time is injected (architecture rule 5): logic takes a Clock, never reads Date.now(). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** The ISO day (YYYY-MM-DD) of a moment in UTC. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * The calendar day (YYYY-MM-DD) of a moment in a time zone: "today" for a user is their
 * own day, not UTC's. An unknown zone falls back to UTC.
 */
export function isoDayIn(d: Date, timeZone: string | undefined): string {
  try {
    // en-CA formats dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  } catch {
    return isoDay(d);
  }
}
