import { addDays } from '../time/days';
import type { DayRange } from '../time/range';
import type { Period } from './dashboard';
import { mondayOf } from './weeks';

/**
 * The Lead Volume report (document 002 section 2, docs/areas/reports.md): the leads (and
 * calls) delivered in the range and their spend, a column per day, or per week once the
 * range is long enough that daily columns would be too thin to read.
 */

/** A range of at most this many days is charted by day; a longer one by week. */
export const VOLUME_DAILY_MAX_DAYS = 31;
export const VOLUME_INTERVALS = ['day', 'week'] as const;
export type VolumeInterval = (typeof VOLUME_INTERVALS)[number];

const DAY_MS = 86_400_000;
/** Days of a range, both ends included. */
export const rangeDays = (r: DayRange): number => Math.round((Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / DAY_MS) + 1;

export const volumeInterval = (r: DayRange): VolumeInterval => (rangeDays(r) <= VOLUME_DAILY_MAX_DAYS ? 'day' : 'week');

/**
 * The chart's periods, oldest first, covering the range exactly: each day, or each week
 * Monday to Sunday (the weeks of the weekly caps and the dashboard), the first and last
 * cut at the range's ends.
 */
export function volumePeriods(r: DayRange): Period[] {
  const periods: Period[] = [];
  const weekly = volumeInterval(r) === 'week';
  for (let from = r.from; from <= r.to; ) {
    const end = weekly ? addDays(mondayOf(from), 6) : from;
    const to = end < r.to ? end : r.to;
    periods.push({ from, to });
    from = addDays(to, 1);
  }
  return periods;
}

/** The period of `periods` (volumePeriods' answer) holding a day; -1 when none does. */
export function periodIndex(periods: readonly Period[], day: string): number {
  let lo = 0;
  let hi = periods.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (day < periods[mid].from) hi = mid - 1;
    else if (day > periods[mid].to) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** "The lead-volume filter is hidden for regional users" (document 002 section 2): the order filter. */
export const showsVolumeOrderFilter = (role: string): boolean => role !== 'regional';
/** The order filter lists this many orders at most (those that delivered most). */
export const VOLUME_ORDER_CHOICES = 100;
