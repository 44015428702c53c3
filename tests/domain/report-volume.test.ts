import { describe, expect, it } from 'vitest';
import { nextSort, reportProducts } from '../../src/domain/reports/tables';
import { periodIndex, rangeDays, showsVolumeOrderFilter, volumeInterval, volumePeriods } from '../../src/domain/reports/volume';

describe('the Lead Volume report periods', () => {
  it('a range of at most 31 days has a period per day', () => {
    const r = { from: '2026-10-26', to: '2026-11-25' };
    expect(rangeDays(r)).toBe(31);
    expect(volumeInterval(r)).toBe('day');
    const p = volumePeriods(r);
    expect(p).toHaveLength(31);
    expect(p[0]).toEqual({ from: '2026-10-26', to: '2026-10-26' });
    expect(p[30]).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(volumePeriods({ from: '2026-11-25', to: '2026-11-25' })).toEqual([{ from: '2026-11-25', to: '2026-11-25' }]);
  });

  it('a longer range has a week per period, Monday to Sunday, cut at the ends', () => {
    const r = { from: '2026-10-25', to: '2026-11-25' }; // Sunday to Wednesday, 32 days
    expect(rangeDays(r)).toBe(32);
    expect(volumeInterval(r)).toBe('week');
    expect(volumePeriods(r)).toEqual([
      { from: '2026-10-25', to: '2026-10-25' },
      { from: '2026-10-26', to: '2026-11-01' },
      { from: '2026-11-02', to: '2026-11-08' },
      { from: '2026-11-09', to: '2026-11-15' },
      { from: '2026-11-16', to: '2026-11-22' },
      { from: '2026-11-23', to: '2026-11-25' },
    ]);
    // A range that starts on a Monday and ends on a Sunday has whole weeks; one across a year's end too.
    const whole = volumePeriods({ from: '2026-11-30', to: '2027-01-31' });
    expect(whole.every((w) => rangeDays(w) === 7)).toBe(true);
    expect(whole).toHaveLength(9);
  });

  it('finds the period of a day, or none', () => {
    const p = volumePeriods({ from: '2026-10-25', to: '2026-11-25' });
    expect(periodIndex(p, '2026-10-25')).toBe(0);
    expect(periodIndex(p, '2026-10-26')).toBe(1);
    expect(periodIndex(p, '2026-11-01')).toBe(1);
    expect(periodIndex(p, '2026-11-24')).toBe(5);
    expect(periodIndex(p, '2026-10-24')).toBe(-1);
    expect(periodIndex(p, '2026-11-26')).toBe(-1);
    expect(periodIndex([], '2026-11-26')).toBe(-1);
  });

  it('the order filter is hidden for regional managers only', () => {
    expect(showsVolumeOrderFilter('regional')).toBe(false);
    for (const role of ['user', 'corporate', 'admin']) expect(showsVolumeOrderFilter(role)).toBe(true);
  });
});

describe('report products and sorts', () => {
  it('calls are read only for those offered them; asking for calls otherwise is refused', () => {
    expect(reportProducts('admin', [], null)).toEqual(['leads', 'calls']);
    expect(reportProducts('user', ['call_orders'], null)).toEqual(['leads', 'calls']);
    expect(reportProducts('regional', ['reporting'], 'calls')).toEqual(['calls']);
    expect(reportProducts('regional', [], null)).toEqual(['leads']);
    expect(reportProducts('corporate', ['digital-ads'], 'leads')).toEqual(['leads']);
    expect(reportProducts('user', [], 'calls')).toBeNull();
  });

  it('a click turns the sorted column; another starts descending, or ascending for text', () => {
    expect(nextSort({ by: 'total', order: 'desc' }, 'total')).toEqual({ by: 'total', order: 'asc' });
    expect(nextSort({ by: 'total', order: 'asc' }, 'total')).toEqual({ by: 'total', order: 'desc' });
    expect(nextSort({ by: 'total', order: 'asc' }, 'spend')).toEqual({ by: 'spend', order: 'desc' });
    expect(nextSort({ by: 'total', order: 'desc' }, 'name')).toEqual({ by: 'name', order: 'asc' });
    expect(nextSort({ by: 'total', order: 'desc' }, 'from')).toEqual({ by: 'from', order: 'asc' });
    expect(nextSort({ by: 'name', order: 'asc' }, 'name')).toEqual({ by: 'name', order: 'desc' });
  });
});
