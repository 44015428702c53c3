/** When a scheduled list order runs next (document 001 section 3: delivery frequency in days, excludeWeekends). */
import { addDays, weekdayOf } from '../time/days';

/** The day after `day` by `frequency` days; with excludeWeekends a Saturday or Sunday moves on to Monday. */
export function nextRunAfter(day: string, frequency: number, excludeWeekends: boolean): string {
  let next = addDays(day, frequency);
  while (excludeWeekends && (weekdayOf(next) === 0 || weekdayOf(next) === 6)) next = addDays(next, 1);
  return next;
}

/** The first run of a schedule: its next run date if set, otherwise its start date (moved off a weekend when asked). */
export function firstRun(startDate: string, nextRunDate: string | null, excludeWeekends: boolean): string {
  const day = nextRunDate ?? startDate;
  return excludeWeekends && (weekdayOf(day) === 0 || weekdayOf(day) === 6) ? nextRunAfter(day, 0, true) : day;
}
