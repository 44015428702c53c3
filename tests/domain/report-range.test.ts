import { describe, expect, it } from 'vitest';
import { defaultReportRange, REPORT_DATE_CHOICES, reportPresetDays, reportRangeErrors } from '../../src/domain/reports/range';
import { pageWindow, sortRows } from '../../src/domain/reports/tables';

/** The reports' date range (document 002 section 5) and their tables' paging (section 9). */
const TODAY = '2026-11-25'; // a Wednesday
const LONG_AGO = '2025-01-01';
const errs = (from: string, to: string, signUp = LONG_AGO) => reportRangeErrors({ from, to }, TODAY, signUp);

describe('the report date range', () => {
  it('offers the five presets of the document and a custom range', () => {
    expect(REPORT_DATE_CHOICES).toEqual(['today', 'thisWeek', 'thisMonth', 'lastMonth', 'last90Days', 'custom']);
  });

  it('defaults to the last 90 days, today included, from the first day of the account at the earliest', () => {
    expect(defaultReportRange(TODAY, LONG_AGO)).toEqual({ from: '2026-08-28', to: TODAY });
    expect(defaultReportRange(TODAY, '2026-11-01')).toEqual({ from: '2026-11-01', to: TODAY });
    expect(defaultReportRange(TODAY, TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(errs('2026-08-28', TODAY)).toEqual([]);
  });

  it("cuts presets at the account's first day", () => {
    expect(reportPresetDays('thisWeek', TODAY, LONG_AGO)).toEqual({ from: '2026-11-22', to: TODAY });
    expect(reportPresetDays('lastMonth', TODAY, '2026-10-10')).toEqual({ from: '2026-10-10', to: '2026-10-31' });
    expect(reportPresetDays('lastMonth', TODAY, '2026-11-10')).toEqual({ from: '2026-11-10', to: '2026-11-10' });
  });

  it('refuses more than 90 days, a start over 180 days back, an end after today and a start before the account, each on its field', () => {
    expect(errs('2026-08-27', TODAY)).toEqual([{ field: 'dateFrom', message: 'A date range covers at most 90 days' }]);
    expect(errs('2026-05-30', '2026-08-27')).toEqual([]); // today − 179, 90 days
    expect(errs('2026-05-29', '2026-08-26')).toEqual([{ field: 'dateFrom', message: 'The start date may be at most 180 days back' }]);
    expect(errs(TODAY, '2026-11-26')).toEqual([{ field: 'dateTo', message: 'The end date cannot be later than today' }]);
    expect(errs('2026-11-09', '2026-11-10', '2026-11-10')).toEqual([{ field: 'dateFrom', message: 'The start date cannot be before your account was opened (2026-11-10)' }]);
    expect(errs('2026-11-10', '2026-11-10', '2026-11-10')).toEqual([]);
    expect(errs('2026-11-11', '2026-11-10')).toEqual([{ field: 'dateFrom', message: 'The start date must not be after the end date' }]);
    expect(errs('11/10/2026', 'x')).toEqual([
      { field: 'dateFrom', message: 'Enter a date as YYYY-MM-DD' },
      { field: 'dateTo', message: 'Enter a date as YYYY-MM-DD' },
    ]);
  });
});

describe('report tables', () => {
  it('show two pages either side of the current one', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('sort by a column either way, missing figures last, ties by name', () => {
    const rows = [{ n: 'b', x: 2 }, { n: 'a', x: null }, { n: 'c', x: 2 }, { n: 'd', x: 1 }];
    expect(sortRows(rows, 'x', 'desc', 'n').map((r) => r.n)).toEqual(['b', 'c', 'd', 'a']);
    expect(sortRows(rows, 'x', 'asc', 'n').map((r) => r.n)).toEqual(['d', 'b', 'c', 'a']);
    expect(sortRows(rows, 'n', 'desc', 'n').map((r) => r.n)).toEqual(['d', 'c', 'b', 'a']);
  });
});
