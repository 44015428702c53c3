import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_LOG_RANGE, STATEMENT_RANGE } from '../../src/domain/billing/dates';
import { CALL_DATE_CHOICES, CALL_RANGE } from '../../src/domain/calls/list';
import { LEAD_DATE_CHOICES, LEAD_RANGE } from '../../src/domain/leads/filters';
import { RETURN_DEFAULT_RANGE, RETURN_RANGE } from '../../src/domain/returns/status';
import {
  choiceOf, choiceRange, DATE_RANGE_CHOICES, DATE_RANGE_LABELS, isPreset, presetDays, type DatePreset,
} from '../../src/domain/time/choices';
import { addDays } from '../../src/domain/time/days';
import { dateRangeErrors } from '../../src/domain/time/range';
import { formatDayRange } from '../../src/domain/time-format';

const PRESETS = DATE_RANGE_CHOICES.filter(isPreset);
const WEDNESDAY = '2026-03-18';

describe('date range choices (document 000 section 9)', () => {
  it('are the nine of the document, in its order; return management defaults to index 3, this month', () => {
    expect(DATE_RANGE_CHOICES).toEqual(['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastMonth', 'last10Days', 'last90Days', 'last90DaysAndBeyond', 'custom']);
    expect(DATE_RANGE_CHOICES.map((c) => DATE_RANGE_LABELS[c])).toEqual([
      'Today', 'Yesterday', 'This week', 'This month', 'Last month', 'Last 10 days', 'Last 90 days', 'Last 90 days and beyond', 'Custom',
    ]);
    expect(RETURN_DEFAULT_RANGE).toBe(DATE_RANGE_CHOICES[3]);
    expect(RETURN_DEFAULT_RANGE).toBe('thisMonth');
    // Lead search and live calls offer document 002's six and a custom range, in the same order.
    expect(LEAD_DATE_CHOICES.every((c, i, all) => i === 0 || DATE_RANGE_CHOICES.indexOf(all[i - 1]) < DATE_RANGE_CHOICES.indexOf(c))).toBe(true);
    expect(CALL_DATE_CHOICES).toEqual(LEAD_DATE_CHOICES);
  });

  it('stand for these days on a Wednesday in March (weeks from Sunday)', () => {
    const days = (p: DatePreset) => presetDays(p, WEDNESDAY);
    expect(days('today')).toEqual({ from: WEDNESDAY, to: WEDNESDAY });
    expect(days('yesterday')).toEqual({ from: '2026-03-17', to: '2026-03-17' });
    expect(days('thisWeek')).toEqual({ from: '2026-03-15', to: WEDNESDAY });
    expect(days('thisMonth')).toEqual({ from: '2026-03-01', to: WEDNESDAY });
    expect(days('lastMonth')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(days('last10Days')).toEqual({ from: '2026-03-09', to: WEDNESDAY });
    expect(days('last90Days')).toEqual({ from: '2025-12-19', to: WEDNESDAY });
    // Matured data: the 90 days before the last 90.
    expect(days('last90DaysAndBeyond')).toEqual({ from: '2025-09-20', to: '2025-12-18' });
  });

  it('cross years and months: on 1 January last month is December, yesterday is 31 December', () => {
    expect(presetDays('lastMonth', '2027-01-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetDays('yesterday', '2027-01-01')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
    expect(presetDays('thisMonth', '2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(presetDays('lastMonth', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    // A Sunday's week is the day itself.
    expect(presetDays('thisWeek', '2026-03-15')).toEqual({ from: '2026-03-15', to: '2026-03-15' });
  });

  it("are counted from the user's today, read from the clock in the user's zone: at 05:54 UTC it is still yesterday in Phoenix", () => {
    const now = new Date('2026-12-01T05:54:00Z');
    expect(choiceRange('today', now, 'America/Phoenix')).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(choiceRange('today', now, 'America/New_York')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    // This month in Phoenix is still November; in New York December has begun.
    expect(choiceRange('thisMonth', now, 'America/Phoenix')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(choiceRange('thisMonth', now, 'America/New_York')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(choiceRange('lastMonth', now, 'America/Phoenix')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    // An unknown zone reads as UTC.
    expect(choiceRange('yesterday', now, 'Not/AZone')).toEqual({ from: '2026-11-30', to: '2026-11-30' });
  });

  it('a range reads as the first offered choice whose days it is, else custom', () => {
    expect(choiceOf({ from: '2026-03-01', to: WEDNESDAY }, WEDNESDAY)).toBe('thisMonth');
    expect(choiceOf({ from: '2026-03-02', to: WEDNESDAY }, WEDNESDAY)).toBe('custom');
    // On the first of a month "today" and "this month" are one day: the earlier choice wins.
    expect(choiceOf({ from: '2026-04-01', to: '2026-04-01' }, '2026-04-01')).toBe('today');
    expect(choiceOf({ from: '2026-04-01', to: '2026-04-01' }, '2026-04-01', ['thisMonth', 'custom'])).toBe('thisMonth');
    // A choice not offered reads as custom.
    expect(choiceOf(presetDays('last90Days', WEDNESDAY), WEDNESDAY, LEAD_DATE_CHOICES)).toBe('custom');
  });

  const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2024-01-01', n));

  it('property: every choice reads back as a choice of the same days, and its days are in order, ending by today', () => {
    fc.assert(fc.property(day, fc.constantFrom(...PRESETS), (today, p) => {
      const days = presetDays(p, today);
      expect(days.from <= days.to && days.to <= today).toBe(true);
      const back = choiceOf(days, today);
      expect(back).not.toBe('custom');
      expect(presetDays(back as DatePreset, today)).toEqual(days);
    }));
  });

  it('property: every choice is a range each screen accepts (the same rule the server holds)', () => {
    const rules = [RETURN_RANGE, BILLING_LOG_RANGE, STATEMENT_RANGE, LEAD_RANGE, CALL_RANGE];
    fc.assert(fc.property(day, fc.constantFrom(...PRESETS), (today, p) => {
      for (const rule of rules) expect(dateRangeErrors(presetDays(p, today), rule, today)).toEqual([]);
    }));
  });

  it('shows its days as a person reads them', () => {
    expect(formatDayRange({ from: '2026-04-01', to: '2026-04-14' })).toMatch(/^Apr 1\s–\s14, 2026$/);
    expect(formatDayRange({ from: '2025-10-16', to: '2026-01-14' })).toMatch(/^Oct 16, 2025\s–\sJan 14, 2026$/);
    expect(formatDayRange({ from: '2026-04-14', to: '2026-04-14' })).toBe('Apr 14, 2026');
  });
});
