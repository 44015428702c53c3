import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BID_DOWN_CHART_HEIGHT, bidDownPoints, salesByPrice } from '../../src/domain/orders/bid-down';

const pts = (...counts: number[]) => counts.map((count, i) => ({ priceCents: 1000 + 25 * i, count }));

describe('the bid-down chart (document 000 section 9)', () => {
  it('is 150 pixels high', () => expect(BID_DOWN_CHART_HEIGHT).toBe(150));

  it('hides a point whose count is at most half of both neighbours', () => {
    expect(bidDownPoints(pts(10, 5, 10)).map((p) => p.count)).toEqual([10, 10]);
    expect(bidDownPoints(pts(10, 6, 10)).map((p) => p.count)).toEqual([10, 6, 10]);
    // Half of one neighbour only: kept.
    expect(bidDownPoints(pts(10, 5, 9)).map((p) => p.count)).toEqual([10, 5, 9]);
    // The ends have one neighbour and always show.
    expect(bidDownPoints(pts(1, 10, 1)).map((p) => p.count)).toEqual([1, 10, 1]);
    expect(bidDownPoints([])).toEqual([]);
  });

  it('judges each point against its neighbours as sent, not as already thinned', () => {
    // 2 is at most half of 8 and of 4: hidden; 4 is not at most half of 2: kept.
    expect(bidDownPoints(pts(8, 2, 4, 9)).map((p) => p.count)).toEqual([8, 4, 9]);
  });

  const market = fc.uniqueArray(fc.integer({ min: 1, max: 20_000 }), { minLength: 0, maxLength: 300 }).chain((steps) =>
    fc.tuple(...steps.sort((a, b) => a - b).map((s) => fc.tuple(fc.constant(s * 25), fc.integer({ min: 1, max: 50 })))));

  it('keeps every sale when it widens the steps, and stays within the contract', () => {
    fc.assert(fc.property(market, fc.integer({ min: 2, max: 600 }), (prices, max) => {
      const out = salesByPrice(prices, max);
      expect(out.length).toBeLessThanOrEqual(max);
      expect(out.reduce((s, p) => s + p.count, 0)).toBe(prices.reduce((s, [, n]) => s + n, 0));
      for (let i = 1; i < out.length; i++) expect(out[i].priceCents).toBeGreaterThan(out[i - 1].priceCents);
      // Each sale counts at a step no lower than its price.
      if (prices.length) expect(out[out.length - 1].priceCents).toBeGreaterThanOrEqual(prices[prices.length - 1][0]);
    }));
  });

  it('sends the market\'s 25-cent steps as they are when they fit', () => {
    expect(salesByPrice([[1000, 2], [1025, 1], [1500, 4]])).toEqual([{ priceCents: 1000, count: 2 }, { priceCents: 1025, count: 1 }, { priceCents: 1500, count: 4 }]);
    expect(salesByPrice([[1000, 2], [1025, 1], [1100, 4]], 3)).toEqual([{ priceCents: 1000, count: 2 }, { priceCents: 1050, count: 1 }, { priceCents: 1100, count: 4 }]);
  });

  it('shows exactly the points the rule keeps', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 40 }), (counts) => {
      const all = pts(...counts);
      const kept = new Set(bidDownPoints(all).map((p) => p.priceCents));
      all.forEach((p, i) => {
        const dip = i > 0 && i < all.length - 1 && p.count <= all[i - 1].count / 2 && p.count <= all[i + 1].count / 2;
        expect(kept.has(p.priceCents)).toBe(!dip);
      });
    }));
  });
});
