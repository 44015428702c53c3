import { describe, expect, test } from 'vitest';
import {
  MIN_COMPETITORS_FOR_RANGE,
  VENDOR_PROJECTION_DEFAULTS,
  biddingContext,
  biddingLocation,
  costEstimate,
  optimizeVendors,
  priceQuantile,
  priceStep,
  ratioValid,
  salesAtOrBelow,
  vendorScore,
} from '../../src/domain/orders/market';

const prices: Array<[number, number]> = [[1000, 2], [1500, 1], [2000, 3], [3000, 4]];
const market = { windowDays: 30, sales: 10, national: 300, prices };
const pkg = { costCents: 2500, isCustomPriced: false, tags: [] };
const caps = { daily: 10, weekly: 50, monthly: 200 };

describe('the cost estimate', () => {
  test('prices in 25-cent steps, quantiles and the sales a bid wins', () => {
    expect(priceStep(1240)).toBe(1250);
    expect(priceStep(1250)).toBe(1250);
    expect(priceQuantile(prices, 0.5)).toBe(2000);
    expect(priceQuantile(prices, 0)).toBe(1000);
    expect(priceQuantile(prices, 1)).toBe(3000);
    expect(priceQuantile([], 0.5)).toBeNull();
    expect(salesAtOrBelow(prices, 1999)).toBe(3);
    expect(salesAtOrBelow(prices, 2000)).toBe(6);
  });

  test('a bid wins the sales at or below it, within the caps; a custom price raises the bid', () => {
    const e = costEstimate(market, pkg, { caps, maxBidCents: 2000, customPriceCents: null });
    expect(e.orderCosts).toEqual({ baseCost: 2500, marketLevelCost: 2000, maxBidCost: 2000 });
    expect(e.volumeProjections).toEqual({ territoryMonthly: 10, national: 300, winShare: 0.6, daily: 0.2, weekly: 1.4, monthly: 5.6 });
    const capped = costEstimate({ ...market, prices: [[1000, 3000]], sales: 3000 }, pkg, { caps, maxBidCents: 5000, customPriceCents: null });
    expect(capped.volumeProjections).toMatchObject({ daily: 10, weekly: 50, monthly: 200 });
    const custom = costEstimate(market, { ...pkg, isCustomPriced: true }, { caps, maxBidCents: 1000, customPriceCents: 3000 });
    expect(custom.orderCosts).toEqual({ baseCost: 3000, marketLevelCost: 2000, maxBidCost: 3000 });
    expect(custom.volumeProjections.winShare).toBe(1);
    const empty = costEstimate({ ...market, sales: 0, national: 0, prices: [] }, { ...pkg, tags: ['original'] }, { caps, maxBidCents: null, customPriceCents: null });
    expect(empty.orderCosts.marketLevelCost).toBe(2500);
    expect(empty.volumeProjections.national).toBe(VENDOR_PROJECTION_DEFAULTS.national);
    expect(empty.hasLegacyCost).toBe(true);
  });
});

describe('the bidding context', () => {
  test('a ZIP (or ZIP+4) or a state', () => {
    expect(biddingLocation('78701-1234')).toEqual({ kind: 'zip', zip: '78701' });
    expect(biddingLocation(' tx ')).toEqual({ kind: 'state', state: 'TX' });
    for (const bad of ['7870', 'Texas', '', '787011']) expect(biddingLocation(bad)).toBeNull();
  });

  test('the bids\' range shows only from 2 other orders on', () => {
    expect(MIN_COMPETITORS_FOR_RANGE).toBe(2);
    const one = biddingContext(market, [], [2500]);
    expect(one.competingBids).toEqual({ count: 1, minCents: null, maxCents: null });
    const three = biddingContext(market, [], [3000, 1500, 2500]);
    expect(three.competingBids).toEqual({ count: 3, minCents: 1500, maxCents: 3000 });
    expect(three.salePrices).toEqual({ count: 10, minCents: 1000, medianCents: 2000, maxCents: 3000 });
    const recent = Array.from({ length: 12 }, (_, i) => ({ soldOn: '2026-11-01', priceCents: i }));
    expect(biddingContext(market, recent, []).recentSales).toHaveLength(10);
  });
});

describe('the vendor optimizer', () => {
  const vendors = [{ id: 1, displayName: 'A' }, { id: 2, displayName: 'B' }, { id: 3, displayName: 'C' }];
  const sales = new Map([
    [1, { vendorId: 1, sold: 10, returned: 0, converted: 5 }],
    [2, { vendorId: 2, sold: 10, returned: 5, converted: 0 }],
  ]);

  test('scores: kept leads weigh 0.7, converted 0.3; no sales is 0.5', () => {
    expect(vendorScore(sales.get(1))).toBe(0.85);
    expect(vendorScore(sales.get(2))).toBe(0.35);
    expect(vendorScore(undefined)).toBe(0.5);
  });

  test('ratio 0 is the agent\'s choice, 1 the scores alone, between a blend', () => {
    const off = optimizeVendors(vendors, [1, 2], 0, sales);
    expect(off.map((v) => v.weight)).toEqual([0.5, 0.5, 0]);
    const full = optimizeVendors(vendors, [1, 2], 1, sales);
    expect(full.map((v) => v.weight)).toEqual([0.5, 0.206, 0.294]);
    expect(full.map((v) => v.recommended)).toEqual([true, false, false]);
    const half = optimizeVendors(vendors, [2], 0.5, sales);
    expect(half.map((v) => v.weight)).toEqual([0.25, 0.603, 0.147]);
  });

  test('ratios are hundredths from 0 to 1', () => {
    for (const ok of [0, 0.01, 0.5, 0.99, 1]) expect(ratioValid(ok)).toBe(true);
    for (const bad of [-0.01, 1.01, 0.333, Number.NaN]) expect(ratioValid(bad)).toBe(false);
  });
});
