import { addDays } from '../time/days';
import { isoDayIn } from '../time/zone';
import type { Period } from './dashboard';
import { mondayOf } from './weeks';

/**
 * The cohort view of the Dashboard report (docs/areas/reports.md): cost per policy net of
 * returns by the week the leads were delivered. A week's leads keep quoting, binding and
 * being returned after it ends, so its figure moves for about 90 days and then settles; the
 * view shows each week's age beside its figure, for You, Regional and National.
 */

/** Delivery weeks shown: about the 180 days a report may look back. */
export const COHORT_WEEKS = 26;
/** A delivery week's figures settle once its last day is this many days old. */
export const COHORT_SETTLES_AFTER_DAYS = 90;

export interface CohortWeek extends Period {
  /** Days from the week's last day (today for this week) to today. */
  ageDays: number;
  /** Old enough that its outcomes and returns have mostly come in. */
  settled: boolean;
}

const DAY_MS = 86_400_000;
const daysFrom = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The last 26 delivery weeks (Monday to Sunday) in the viewer's zone, this week (to today) included, oldest first. */
export function cohortWeeks(now: Date, timeZone: string | null | undefined): CohortWeek[] {
  const today = isoDayIn(now, timeZone);
  const monday = mondayOf(today);
  return Array.from({ length: COHORT_WEEKS }, (_, i) => {
    const from = addDays(monday, 7 * (i - COHORT_WEEKS + 1));
    const to = i === COHORT_WEEKS - 1 ? today : addDays(from, 6);
    const ageDays = daysFrom(to, today);
    return { from, to, ageDays, settled: ageDays >= COHORT_SETTLES_AFTER_DAYS };
  });
}
