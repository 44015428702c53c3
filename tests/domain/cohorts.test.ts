import { describe, expect, it } from 'vitest';
import { COHORT_SETTLES_AFTER_DAYS, COHORT_WEEKS, cohortWeeks } from '../../src/domain/reports/cohorts';

describe('the cohort weeks of cost per policy', () => {
  // Wednesday 25 November 2026, 02:00 UTC: still Tuesday the 24th in Los Angeles.
  const now = new Date('2026-11-25T02:00:00Z');

  it('are the last 26 Monday-to-Sunday weeks in the viewer\'s zone, this week to today', () => {
    const weeks = cohortWeeks(now, 'America/Los_Angeles');
    expect(weeks).toHaveLength(COHORT_WEEKS);
    expect(weeks[COHORT_WEEKS - 1]).toEqual({ from: '2026-11-23', to: '2026-11-24', ageDays: 0, settled: false });
    expect(weeks[COHORT_WEEKS - 2]).toEqual({ from: '2026-11-16', to: '2026-11-22', ageDays: 2, settled: false });
    expect(weeks[0].from).toBe('2026-06-01');
    for (let i = 1; i < weeks.length; i++) expect(weeks[i].from > weeks[i - 1].to).toBe(true);
    // In Berlin it is already Wednesday: last week's age counts to the 25th.
    expect(cohortWeeks(now, 'Europe/Berlin').at(-2)!.ageDays).toBe(3);
  });

  it('settle once their last day is 90 days old', () => {
    const weeks = cohortWeeks(now, 'UTC');
    const settled = weeks.filter((w) => w.settled);
    expect(settled.every((w) => w.ageDays >= COHORT_SETTLES_AFTER_DAYS)).toBe(true);
    expect(weeks.filter((w) => !w.settled).every((w) => w.ageDays < COHORT_SETTLES_AFTER_DAYS)).toBe(true);
    // The youngest settled week ended on 2026-08-23, 94 days before the 25th; the next ended 87 days before.
    expect(settled.at(-1)).toMatchObject({ to: '2026-08-23', ageDays: 94 });
    expect(weeks[settled.length]).toMatchObject({ to: '2026-08-30', ageDays: 87, settled: false });
  });
});
