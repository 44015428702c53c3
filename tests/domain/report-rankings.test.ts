import { describe, expect, it } from 'vitest';
import { averageCallSeconds, costPerCallCents } from '../../src/domain/reports/figures';
import { callLength, rankBy, RANKING_METRICS } from '../../src/domain/reports/rankings';
import { nextSort } from '../../src/domain/reports/tables';

const row = (agentName: string, v: number | null, sold = 50) => ({ agentName, v, sold });

describe('rankBy', () => {
  it('ranks best first, equal figures share a rank and the next skips past them (1, 2, 2, 4)', () => {
    const ranked = rankBy([row('Dee', 3), row('Al', 5), row('Cy', 3), row('Bo', 1)], (r) => r.v, 'higher');
    expect(ranked.map((r) => [r.agentName, r.rank])).toEqual([['Al', 1], ['Cy', 2], ['Dee', 2], ['Bo', 4]]);
  });

  it('a figure where less is better ranks the least first', () => {
    expect(rankBy([row('A', 900), row('B', 300), row('C', 600)], (r) => r.v, 'lower').map((r) => [r.agentName, r.rank]))
      .toEqual([['B', 1], ['C', 2], ['A', 3]]);
  });

  it('a missing figure or an agent not eligible has no rank, after the ranked, by name', () => {
    const ranked = rankBy([row('Zed', null), row('Few', 0.9, 3), row('Amy', 0.2), row('Bea', 0.4)], (r) => r.v, 'higher', (r) => r.sold >= 20);
    expect(ranked.map((r) => [r.agentName, r.rank])).toEqual([['Bea', 1], ['Amy', 2], ['Few', null], ['Zed', null]]);
  });

  it('a tie after the first does not take the first place; nothing ranked is an empty list', () => {
    expect(rankBy([row('A', 2), row('B', 2)], (r) => r.v, 'lower').map((r) => r.rank)).toEqual([1, 1]);
    expect(rankBy([], (r: { agentName: string; v: number }) => r.v, 'higher')).toEqual([]);
  });
});

describe('the rankings figures', () => {
  it('counts and the quote rate are better higher; the costs and the return rate lower', () => {
    expect(Object.fromEntries(RANKING_METRICS.map((m) => [m.id, m.better]))).toEqual({
      total: 'higher', quoted: 'higher', policies: 'higher', quoteRate: 'higher', costPerQuote: 'lower', costPerPolicy: 'lower', returnRate: 'lower',
    });
  });

  it('average cost per call and length are over the calls bought, null without any', () => {
    expect(costPerCallCents(10_001, 2)).toBe(5001);
    expect(costPerCallCents(100, 0)).toBeNull();
    expect(averageCallSeconds(1000, 3)).toBe(333.3);
    expect(averageCallSeconds(0, 0)).toBeNull();
  });

  it('a call length reads as minutes and seconds, hours past the hour', () => {
    expect([callLength(5), callLength(245), callLength(3723), callLength(572.2), callLength(null)]).toEqual(['0:05', '4:05', '1:02:03', '9:32', '—']);
  });

  it('a new sort starts ascending on the rank and names, descending on a figure', () => {
    expect(['rank', 'agentName', 'companyName', 'total', 'costPerCall'].map((by) => nextSort({ by: 'seconds', order: 'desc' }, by).order))
      .toEqual(['asc', 'asc', 'asc', 'desc', 'desc']);
  });
});
