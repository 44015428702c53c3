/**
 * The dashboard's regional performance chart (document 002 section 2: "regional users see
 * a regional performance chart with a date range selector (default last90DaysAndBeyond)").
 * Its figures are GET /reports/lead-volume's in the caller's scope (a regional manager's is
 * their region), so its range obeys the reports' one rule (`reports/range.ts`).
 */
import { REPORT_DATE_CHOICES, reportPresetDays } from '../reports/range';
import { presetDays, type DateRangeChoice, type DatePreset } from '../time/choices';
import type { DayRange } from '../time/range';

/** Who sees it: regional managers (an admin switched into one included). */
export const showsRegionalChart = (role: string): boolean => role === 'regional';

/**
 * The default choice, as the document names it: "last 90 days and beyond", the 90 days
 * before the last 90 (`presetDays`: data that has matured), inside the reports' 180 days.
 */
export const REGIONAL_CHART_PRESET: DatePreset = 'last90DaysAndBeyond';

/** The reports' choices with the default added before custom. */
export const REGIONAL_CHART_CHOICES: readonly DateRangeChoice[] = [...REPORT_DATE_CHOICES.filter((c) => c !== 'custom'), REGIONAL_CHART_PRESET, 'custom'];

/**
 * The days shown before a choice: the default preset's, from the account's first day at the
 * earliest; an account younger than those days has none of them, and gets the reports'
 * default (the last 90 days from its first day) instead of a range of its first day alone.
 */
export function regionalChartDefault(today: string, firstDay: string): DayRange {
  return presetDays(REGIONAL_CHART_PRESET, today).to < firstDay ? reportPresetDays('last90Days', today, firstDay) : reportPresetDays(REGIONAL_CHART_PRESET, today, firstDay);
}
