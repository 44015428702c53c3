/**
 * The reports' date range (document 002 section 5): "up to 90 days within the last 180
 * days, limited to the user's insert date", with the presets today, thisWeek, thisMonth,
 * lastMonth and last90Days. One rule (time/range.ts) for the server, which refuses with
 * a 400 on the field, and the screens, which show the same words before asking. Days are
 * YYYY-MM-DD in the user's zone; the user's first day is their account's creation day there.
 */
import { presetDays, type DateRangeChoice, type DatePreset } from '../time/choices';
import { dateRangeErrors, fromDay, type DateRangeRule, type DayRange } from '../time/range';
import type { FieldError } from '../field-error';

export const REPORT_MAX_DAYS = 90;
export const REPORT_WITHIN_LAST_DAYS = 180;

export const REPORT_RANGE: DateRangeRule = {
  fields: { from: 'dateFrom', to: 'dateTo' },
  endByToday: true,
  withinLastDays: REPORT_WITHIN_LAST_DAYS,
  maxSpanDays: REPORT_MAX_DAYS,
};

/** The presets of document 002 section 5, and a custom range, in document 000's order. */
export const REPORT_DATE_CHOICES = ['today', 'thisWeek', 'thisMonth', 'lastMonth', 'last90Days', 'custom'] as const satisfies readonly DateRangeChoice[];
export const REPORT_DEFAULT_PRESET: DatePreset = 'last90Days';

/** The days of a preset for this user: the preset's, from their first day at the earliest. */
export const reportPresetDays = (preset: DatePreset, today: string, signUpDay: string): DayRange =>
  fromDay(presetDays(preset, today), signUpDay);

/** The default: the last 90 days, from the user's first day at the earliest. */
export const defaultReportRange = (today: string, signUpDay: string): DayRange => reportPresetDays(REPORT_DEFAULT_PRESET, today, signUpDay);

/** The refusals of a report's range for this user, each on its field ([] when it may be used). */
export const reportRangeErrors = (range: DayRange, today: string, signUpDay: string): FieldError[] =>
  dateRangeErrors(range, REPORT_RANGE, today, signUpDay);
