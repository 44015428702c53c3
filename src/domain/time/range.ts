/**
 * The one rule for a range of calendar days (billing log and statement, return management,
 * live calls, lead search): the same texts, on the field at fault, for the server (which
 * decides) and the screens (which show it early). Days are YYYY-MM-DD in the user's zone;
 * callers pass the user's today (`isoDayIn(clock.now(), zone)`), never the clock. Limits are
 * in months (billing, returns) or in days (the reports: 90 days within the last 180).
 */
import type { FieldError } from '../field-error';
import { addDays, addMonths, isIsoDay } from './days';

/** Texts we designed: the specification gives limits (document 002 sections 9 and 10) but no words. */
export const DATE_RANGE_MSG = {
  notADay: 'Enter a date as YYYY-MM-DD',
  startAfterEnd: 'The start date must not be after the end date',
  endAfterToday: 'The end date cannot be later than today',
  startTooEarly: 'The start date may be at most $N back',
  tooLong: 'A date range covers at most $N',
  startBeforeSignUp: 'The start date cannot be before your account was opened ($D)',
} as const;

/** '$N' filled with a span of months: 24 → '2 years', 3 → '3 months'. */
export function dateRangeText(template: string, months: number): string {
  const span = months % 12 === 0 ? `${months / 12} year${months === 12 ? '' : 's'}` : `${months} month${months === 1 ? '' : 's'}`;
  return template.replace('$N', span);
}

/** '$N' filled with a number of days: 90 → '90 days'. */
const daysText = (template: string, days: number): string => template.replace('$N', `${days} day${days === 1 ? '' : 's'}`);

/** A range of calendar days (YYYY-MM-DD, both included) in the user's zone. */
export interface DayRange {
  from: string;
  to: string;
}

/** What a range may be, and the names of its two fields in the request. */
export interface DateRangeRule {
  fields: { from: string; to: string };
  /** The range reports what happened: its end is today at the latest. */
  endByToday?: boolean;
  /** Its start lies at most this many months before today. */
  earliestMonthsBack?: number;
  /** It covers at most this many months. */
  maxSpanMonths?: number;
  /** Its start lies within the last this many days, today included (180: today − 179 at the earliest). */
  withinLastDays?: number;
  /** It covers at most this many days, both ends included. */
  maxSpanDays?: number;
}

/** The refusals of a range, each on its field; [] when the range may be used. */
export function dateRangeErrors(range: DayRange, rule: DateRangeRule, today: string, notBefore: string | null = null): FieldError[] {
  const { from, to } = rule.fields;
  const errors: FieldError[] = [];
  if (!isIsoDay(range.from)) errors.push({ field: from, message: DATE_RANGE_MSG.notADay });
  if (!isIsoDay(range.to)) errors.push({ field: to, message: DATE_RANGE_MSG.notADay });
  if (errors.length) return errors;
  if (rule.endByToday && range.to > today) errors.push({ field: to, message: DATE_RANGE_MSG.endAfterToday });
  if (range.from > range.to) errors.push({ field: from, message: DATE_RANGE_MSG.startAfterEnd });
  else if (rule.earliestMonthsBack !== undefined && range.from < addMonths(today, -rule.earliestMonthsBack))
    errors.push({ field: from, message: dateRangeText(DATE_RANGE_MSG.startTooEarly, rule.earliestMonthsBack) });
  else if (rule.maxSpanMonths !== undefined && range.from < addMonths(range.to, -rule.maxSpanMonths))
    errors.push({ field: from, message: dateRangeText(DATE_RANGE_MSG.tooLong, rule.maxSpanMonths) });
  else if (rule.withinLastDays !== undefined && range.from < addDays(today, -(rule.withinLastDays - 1)))
    errors.push({ field: from, message: daysText(DATE_RANGE_MSG.startTooEarly, rule.withinLastDays) });
  else if (rule.maxSpanDays !== undefined && range.from < addDays(range.to, -(rule.maxSpanDays - 1)))
    errors.push({ field: from, message: daysText(DATE_RANGE_MSG.tooLong, rule.maxSpanDays) });
  // The user's own first day (the reports: nothing of theirs is older than their account).
  else if (notBefore !== null && range.from < notBefore)
    errors.push({ field: from, message: DATE_RANGE_MSG.startBeforeSignUp.replace('$D', notBefore) });
  return errors;
}

/** The message of the first refusal of a field, for a form's `error` prop. */
export const dateRangeError = (errors: readonly FieldError[], field: string): string | null =>
  errors.find((e) => e.field === field)?.message ?? null;

/** A range whose start is moved up to a first day (a choice that began before it), its end with it when both were earlier. */
export const fromDay = (range: DayRange, first: string | null): DayRange =>
  first !== null && range.from < first ? { from: first, to: range.to < first ? first : range.to } : range;
