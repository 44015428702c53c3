/**
 * The date range choices of document 000 section 9, in its order, and the days each stands
 * for. A choice is read in the user's zone: its days are counted from the user's today,
 * which `choiceRange` takes from the injected clock's now (never the machine's clock), so
 * at 05:54 UTC a user in Phoenix still gets the day before's "today".
 */
import { addDays, addMonths, monthStart, weekdayOf } from './days';
import type { DayRange } from './range';
import { isoDayIn } from './zone';

export const DATE_RANGE_CHOICES = [
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'lastMonth',
  'last10Days',
  'last90Days',
  'last90DaysAndBeyond',
  'custom',
] as const;
export type DateRangeChoice = (typeof DATE_RANGE_CHOICES)[number];
/** A choice that stands for days of its own (every one but custom). */
export type DatePreset = Exclude<DateRangeChoice, 'custom'>;

export const DATE_RANGE_LABELS: Record<DateRangeChoice, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  thisWeek: 'This week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  last10Days: 'Last 10 days',
  last90Days: 'Last 90 days',
  last90DaysAndBeyond: 'Last 90 days and beyond',
  custom: 'Custom',
};

export const isPreset = (c: DateRangeChoice): c is DatePreset => c !== 'custom';

/** The last `n` days, today included. */
const lastDays = (today: string, n: number): DayRange => ({ from: addDays(today, -(n - 1)), to: today });

/** The days of a choice, given the user's today (YYYY-MM-DD); weeks start on Sunday. */
export function presetDays(preset: DatePreset, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'thisWeek':
      return { from: addDays(today, -weekdayOf(today)), to: today };
    case 'thisMonth':
      return { from: monthStart(today), to: today };
    case 'lastMonth':
      return { from: addMonths(monthStart(today), -1), to: addDays(monthStart(today), -1) };
    case 'last10Days':
      return lastDays(today, 10);
    case 'last90Days':
      return lastDays(today, 90);
    case 'last90DaysAndBeyond':
      // Data that has matured (document 002: mature data is there 90 days after the fact;
      // a report's range is "up to 90 days within the last 180"): the 90 days before the
      // last 90, 179 to 90 days back. Our reading: the document names the choice only.
      return { from: addDays(today, -179), to: addDays(today, -90) };
  }
}

/** The days a choice stands for now, for a user in `timeZone` (the clock's now, the user's calendar). */
export const choiceRange = (preset: DatePreset, now: Date, timeZone: string | null | undefined): DayRange =>
  presetDays(preset, isoDayIn(now, timeZone));

/**
 * The choice a range reads as among those offered: the first whose days it is, else
 * custom. A range made of two picked days that happen to be a choice's shows as that choice.
 */
export function choiceOf(range: DayRange, today: string, offered: readonly DateRangeChoice[] = DATE_RANGE_CHOICES): DateRangeChoice {
  for (const c of offered) {
    if (!isPreset(c)) continue;
    const days = presetDays(c, today);
    if (days.from === range.from && days.to === range.to) return c;
  }
  return 'custom';
}
