import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isIsoDay, monthStart, weekdayOf } from '../../src/domain/time/days';
import { DATE_RANGE_MSG, dateRangeErrors, dateRangeText, type DateRangeRule } from '../../src/domain/time/range';
import { dayRangeIn, dayStartIn, isoDayIn, wallClockIn, weekdayIn, zoneOrUtc } from '../../src/domain/time/zone';

const at = (iso: string) => new Date(iso);

describe('calendar days', () => {
  it('knows real days and does month arithmetic with clamping', () => {
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-1-01')).toBe(false);
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-31', -13)).toBe('2025-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-26')).toBe(4);
    expect(monthStart('2026-11-26')).toBe('2026-11-01');
  });
});

describe('time zones (one module)', () => {
  it('decides today by the user\'s zone: at 05:54 UTC it is still yesterday in Phoenix', () => {
    const now = at('2026-11-26T05:54:00Z');
    expect(isoDayIn(now, 'America/Phoenix')).toBe('2026-11-25');
    expect(isoDayIn(now, 'America/New_York')).toBe('2026-11-26');
    expect(isoDayIn(now, 'UTC')).toBe('2026-11-26');
    // Phoenix keeps no daylight time: in July too it is UTC−7.
    expect(isoDayIn(at('2026-07-01T06:59:00Z'), 'America/Phoenix')).toBe('2026-06-30');
    expect(isoDayIn(at('2026-07-01T07:00:00Z'), 'America/Phoenix')).toBe('2026-07-01');
  });

  it('finds the first moment of a day, also on the days the clocks change', () => {
    expect(dayStartIn('2026-11-26', 'America/Phoenix').toISOString()).toBe('2026-11-26T07:00:00.000Z');
    expect(dayStartIn('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStartIn('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayStartIn('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    // Chile skips midnight on its spring change: the day starts at 01:00 (UTC−3).
    expect(dayStartIn('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    const r = dayRangeIn({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect((r.to.getTime() - r.from.getTime()) / 3_600_000).toBe(23);
  });

  it('reads a wall clock and a weekday in a zone, and an unknown zone as UTC', () => {
    expect(wallClockIn(at('2026-11-21T02:30:00Z'), 'America/New_York')).toEqual({ day: '2026-11-20', weekday: 5, hour: 21, minute: 30 });
    expect(weekdayIn(at('2026-11-21T02:00:00Z'), 'UTC')).toBe(6);
    expect(zoneOrUtc('Not/AZone')).toBe('UTC');
    expect(zoneOrUtc(null)).toBe('UTC');
    expect(isoDayIn(at('2026-11-26T05:54:00Z'), 'Not/AZone')).toBe('2026-11-26');
    expect(dayStartIn('2026-11-26', 'Not/AZone').toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });
});

describe('the date-range rule', () => {
  const rule: DateRangeRule = { fields: { from: 'start', to: 'end' }, endByToday: true, earliestMonthsBack: 24 };
  const today = '2026-11-25';

  it('puts each refusal on its own field', () => {
    expect(dateRangeErrors({ from: '2026-11-01', to: '2026-11-25' }, rule, today)).toEqual([]);
    expect(dateRangeErrors({ from: '2026-11-01', to: '2026-11-26' }, rule, today)).toEqual([{ field: 'end', message: DATE_RANGE_MSG.endAfterToday }]);
    expect(dateRangeErrors({ from: '2026-11-20', to: '2026-11-10' }, rule, today)).toEqual([{ field: 'start', message: DATE_RANGE_MSG.startAfterEnd }]);
    expect(dateRangeErrors({ from: 'soon', to: '2026-02-30' }, rule, today)).toEqual([
      { field: 'start', message: DATE_RANGE_MSG.notADay },
      { field: 'end', message: DATE_RANGE_MSG.notADay },
    ]);
    expect(dateRangeErrors({ from: '2024-11-24', to: '2026-11-25' }, rule, today)).toEqual([
      { field: 'start', message: 'The start date may be at most 2 years back' },
    ]);
  });

  it('bounds a span when the rule asks', () => {
    const span: DateRangeRule = { fields: { from: 'dateFrom', to: 'dateTo' }, maxSpanMonths: 24 };
    expect(dateRangeErrors({ from: '2020-01-01', to: '2022-01-01' }, span, today)).toEqual([]);
    expect(dateRangeErrors({ from: '2019-12-31', to: '2022-01-01' }, span, today)).toEqual([
      { field: 'dateFrom', message: 'A date range covers at most 2 years' },
    ]);
    // No end-by-today in this rule: a future end is a list that is empty so far.
    expect(dateRangeErrors({ from: '2026-11-01', to: '2026-12-31' }, span, today)).toEqual([]);
    expect(dateRangeText(DATE_RANGE_MSG.tooLong, 3)).toBe('A date range covers at most 3 months');
    expect(dateRangeText(DATE_RANGE_MSG.tooLong, 12)).toBe('A date range covers at most 1 year');
  });
});
