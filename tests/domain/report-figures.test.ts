import { describe, expect, it } from 'vitest';
import { costPerPolicyCents, costPerQuoteCents, returnRate, weeklyDelta } from '../../src/domain/reports/figures';
import { reportWeeks } from '../../src/domain/reports/weeks';

describe('report figures', () => {
  it('return rate is returns over leads plus calls, null when nothing was sold', () => {
    expect(returnRate(3, 20, 10)).toBe(0.1);
    expect(returnRate(0, 0, 0)).toBeNull();
  });
  it('delta is this week against last, null without last week', () => {
    expect(weeklyDelta(15, 10)).toBe(0.5);
    expect(weeklyDelta(5, 10)).toBe(-0.5);
    expect(weeklyDelta(5, 0)).toBeNull();
  });
  it('cost per quote and per policy are net of refunds, rounded to the cent', () => {
    expect(costPerQuoteCents(10_000, 1_000, 3)).toBe(3000);
    expect(costPerPolicyCents(10_001, 0, 2)).toBe(5001);
    expect(costPerQuoteCents(10_000, 0, 0)).toBeNull();
    expect(costPerPolicyCents(10_000, 0, 0)).toBeNull();
  });
});

describe('report weeks', () => {
  it("Monday 00:00 in the viewer's zone to now; last week the seven days before", () => {
    // Monday 03:00 UTC is still Sunday in New York: the week that began on the 16th.
    expect(reportWeeks(new Date('2026-11-23T03:00:00Z'), 'America/New_York')).toEqual({
      today: '2026-11-22', thisWeek: { from: '2026-11-16', to: '2026-11-22' }, lastWeek: { from: '2026-11-09', to: '2026-11-15' } });
    expect(reportWeeks(new Date('2026-11-23T05:00:00Z'), 'America/New_York')).toEqual({
      today: '2026-11-23', thisWeek: { from: '2026-11-23', to: '2026-11-23' }, lastWeek: { from: '2026-11-16', to: '2026-11-22' } });
  });
});
