import { addDays, weekdayOf } from '../time/days';
import { isoDayIn } from '../time/zone';

/**
 * The dashboard's weeks, in the viewer's zone: this week is Monday 00:00 to now, last week
 * the seven days before it. Monday to Sunday, as the orders' weekly caps count
 * (domain/engine/periods.ts; SQL date_trunc('week') in the agent's zone). Days are
 * YYYY-MM-DD; the rollups' days are the buying agent's (docs/areas/reports.md).
 */
export interface ReportWeeks {
  today: string;
  thisWeek: { from: string; to: string };
  lastWeek: { from: string; to: string };
}

/** The weekly cards' counts (GET /reports/weekly-stats) and the weekly summary's: sales, returns asked, and scrubbed leads of "this week". */
export interface WeeklyCounts {
  leads: { thisWeek: number; lastWeek: number };
  calls: { thisWeek: number; lastWeek: number };
  returns: { thisWeek: number; lastWeek: number };
  scrubbed: { count: number; costCents: number };
}

/** The Monday of the week that holds a day. */
export const mondayOf = (day: string): string => addDays(day, -((weekdayOf(day) + 6) % 7));

export function reportWeeks(now: Date, timeZone: string | null | undefined): ReportWeeks {
  const today = isoDayIn(now, timeZone);
  const monday = mondayOf(today);
  return { today, thisWeek: { from: monday, to: today }, lastWeek: { from: addDays(monday, -7), to: addDays(monday, -1) } };
}
