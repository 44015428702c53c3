import { offersCallReports } from '../../src/domain/reports/tables';
import { describe, expect, it } from 'vitest';
import {
  dashboardMonths, dashboardWeeks, DASHBOARD_METRICS, groupAverage, isMature, matureFrom, MIN_GROUP_AGENTS,
} from '../../src/domain/reports/dashboard';

const sums = { sold: 40, quoted: 10, policies: 4, spendCents: 60_000, refundCents: 6_000, returns: 3 };

describe('the Dashboard report', () => {
  it('an average over fewer than 5 agents is withheld; over 5 it is per agent, the ratios of the sums', () => {
    expect(MIN_GROUP_AGENTS).toBe(5);
    expect(groupAverage(4, sums)).toEqual({ agents: 4, figures: null, withheld: 'too_few_agents' });
    expect(groupAverage(0, sums).figures).toBeNull();
    expect(groupAverage(5, sums)).toEqual({
      agents: 5, withheld: null,
      figures: { sold: 8, quoted: 2, policies: 0.8, netSpendCents: 10_800, returns: 0.6, costPerQuoteCents: 5400, costPerPolicyCents: 13_500, returnRate: 0.075 },
    });
    expect(groupAverage(3 * 5, { ...sums, sold: 10 }).figures?.sold).toBe(0.67);
  });

  it("12 months and 12 weeks in the viewer's zone, the current ones to today", () => {
    // 1 December 03:00 UTC is still 30 November in New York.
    const at = new Date('2026-12-01T03:00:00Z');
    const months = dashboardMonths(at, 'America/New_York');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(months[2]).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(months[11]).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    const weeks = dashboardWeeks(at, 'America/New_York');
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(weeks[10]).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weeks[0].from).toBe('2026-09-14');
  });

  it('data is mature from 90 days after sign-up; a period that begins before is not', () => {
    expect(matureFrom('2026-03-10')).toBe('2026-06-08');
    expect(isMature({ from: '2026-06-01', to: '2026-06-30' }, '2026-06-08')).toBe(false);
    expect(isMature({ from: '2026-06-08', to: '2026-06-14' }, '2026-06-08')).toBe(true);
  });

  it('the six metrics in the words of document 002; calls offered to admins, the reporting flag and call_orders', () => {
    expect(DASHBOARD_METRICS.map((m) => m.label)).toEqual(['Leads Delivered', 'Leads Quoted', 'Policies Written', 'Cost Per Quote', 'Cost Per Policy', 'Return Rate']);
    expect(offersCallReports('admin', [])).toBe(true);
    expect(offersCallReports('regional', ['reporting'])).toBe(true);
    expect(offersCallReports('user', ['call_orders'])).toBe(true);
    expect(offersCallReports('user', ['cld'])).toBe(false);
  });
});
