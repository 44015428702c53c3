/**
 * Date rules of the billing screens (document 002 section 9), on ISO days (YYYY-MM-DD) in
 * the user's zone: callers pass today's day, never the clock.
 */
import type { DatePreset } from '../time/choices';
import { addMonths } from '../time/days';
import type { DateRangeRule } from '../time/range';

export const DEFAULT_BILLING_PAGE_SIZE = 10;

/** The activity log's default range (document 002 section 9: from the start of the current month to now): this month. */
export const ACTIVITY_DEFAULT_RANGE: DatePreset = 'thisMonth';

/** The billing log's range (GET /billing/logs): any two days in order. */
export const BILLING_LOG_RANGE: DateRangeRule = { fields: { from: 'dateFrom', to: 'dateTo' } };

/** The billing statement: start 3 months back by default, never before 2 years back, end today at the latest. */
export const STATEMENT_DEFAULT_MONTHS_BACK = 3;
export const STATEMENT_MIN_YEARS_BACK = 2;
export const statementDefaultStart = (today: string): string => addMonths(today, -STATEMENT_DEFAULT_MONTHS_BACK);
export const STATEMENT_RANGE: DateRangeRule = {
  fields: { from: 'dateFrom', to: 'dateTo' },
  endByToday: true,
  earliestMonthsBack: 12 * STATEMENT_MIN_YEARS_BACK,
};
