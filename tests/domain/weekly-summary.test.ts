import { describe, expect, it } from 'vitest';
import { summaryHasNews, summaryWeeks, weeklySummaryMail } from '../../src/domain/reports/weekly-summary';

describe('the weekly summary\'s timing and text', () => {
  it('is due on Monday from 07:00 in the agent\'s zone, until Monday ends', () => {
    expect(summaryWeeks(new Date('2026-11-23T11:59:00Z'), 'America/New_York')).toBeNull(); // 06:59
    expect(summaryWeeks(new Date('2026-11-23T12:00:00Z'), 'America/New_York')).toEqual({
      today: '2026-11-23', thisWeek: { from: '2026-11-16', to: '2026-11-22' }, lastWeek: { from: '2026-11-09', to: '2026-11-15' },
    });
    expect(summaryWeeks(new Date('2026-11-24T04:59:00Z'), 'America/New_York')?.today).toBe('2026-11-23'); // 23:59 Monday
    expect(summaryWeeks(new Date('2026-11-24T05:00:00Z'), 'America/New_York')).toBeNull(); // Tuesday
    // Monday 07:30 in Sydney is Sunday 20:30 UTC.
    expect(summaryWeeks(new Date('2026-11-22T20:30:00Z'), 'Australia/Sydney')?.today).toBe('2026-11-23');
    // The Monday after the clocks go back in New York (1 November 2026): 07:00 EST is 12:00 UTC.
    expect(summaryWeeks(new Date('2026-11-02T11:30:00Z'), 'America/New_York')).toBeNull();
    expect(summaryWeeks(new Date('2026-11-02T12:00:00Z'), 'America/New_York')?.today).toBe('2026-11-02');
  });

  it('has news only with a sale or a return last week', () => {
    const none = { leads: { thisWeek: 0, lastWeek: 4 }, calls: { thisWeek: 0, lastWeek: 1 }, returns: { thisWeek: 0, lastWeek: 0 }, scrubbed: { count: 3, costCents: 900 } };
    expect(summaryHasNews(none)).toBe(false);
    expect(summaryHasNews({ ...none, returns: { thisWeek: 1, lastWeek: 0 } })).toBe(true);
  });

  it('says each count against the week before, the dashboard and how to stop it', () => {
    const m = weeklySummaryMail(' ', summaryWeeks(new Date('2026-11-23T12:00:00Z'), 'UTC')!, {
      leads: { thisWeek: 3, lastWeek: 2 }, calls: { thisWeek: 1, lastWeek: 0 }, returns: { thisWeek: 0, lastWeek: 2 }, scrubbed: { count: 2, costCents: 3050 },
    }, 'https://app.leadline.test');
    expect(m.text).toContain('Hello there,');
    expect(m.text).toContain('Leads delivered: 3 (+50 % on 2 the week before)');
    expect(m.text).toContain('Calls: 1 (none the week before)');
    expect(m.text).toContain('Returns asked: 0 (-100 % on 2 the week before)');
    expect(m.text).toContain('Duplicates kept from your orders: 2 ($30.50 you did not pay)');
    expect(m.text).toContain('https://app.leadline.test/dashboard');
    expect(m.text).toContain('https://app.leadline.test/user/contact');
  });
});
