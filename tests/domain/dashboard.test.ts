import { describe, expect, test } from 'vitest';
import { businessDaysInMonth, businessDaysLeft, monthElapsedShare, monthEnd, monthProgress, progressBubble, shortName } from '../../src/domain/dashboard/progress';
import { behindPace, EXPERT_RECOMMENDATIONS, expertRecommendation, type RecommendationFacts } from '../../src/domain/dashboard/recommendation';
import { evenSample, recommendOrders, type Demand } from '../../src/domain/dashboard/recommended';
import { coverageOf } from '../../src/domain/dashboard/coverage';
import { REGIONAL_CHART_CHOICES, regionalChartDefault, showsRegionalChart } from '../../src/domain/dashboard/regional';
import { bannerShows } from '../../src/domain/dashboard/screen';
import { emptyTerritory, type Territory } from '../../src/domain/orders/territory';
import type { OrderPackage } from '../../src/domain/orders/types';

describe('business days through month end', () => {
  // November 2026: the 1st is a Sunday; 21 weekdays; the 30th a Monday.
  test('today counts while it is a weekday', () => {
    expect(monthEnd('2026-11-18')).toBe('2026-11-30');
    expect(monthEnd('2028-02-10')).toBe('2028-02-29');
    expect(businessDaysInMonth('2026-11-18')).toBe(21);
    expect(businessDaysLeft('2026-11-02')).toBe(21); // Monday the 2nd: every weekday of the month is left
    expect(businessDaysLeft('2026-11-30')).toBe(1); // the last day, a Monday
    expect(businessDaysLeft('2026-11-18')).toBe(9); // Wed 18 … Mon 30: 18,19,20,23,24,25,26,27,30
    expect(businessDaysLeft('2026-11-28')).toBe(1); // a Saturday: only Monday the 30th
    expect(businessDaysLeft('2026-10-31')).toBe(0); // a Saturday, the last day
  });

  test('the elapsed share is the business days behind us', () => {
    expect(monthElapsedShare('2026-11-02')).toBe(0);
    expect(monthElapsedShare('2026-11-18')).toBeCloseTo(12 / 21);
    expect(monthElapsedShare('2026-11-30')).toBeCloseTo(20 / 21);
  });

  test('progress: remaining never below 0, fill in thousandths and at most 1', () => {
    expect(monthProgress(50, 200, '2026-11-18')).toEqual({ sold: 50, cap: 200, remaining: 150, fillRate: 0.25, businessDaysLeft: 9 });
    expect(monthProgress(1, 3, '2026-11-18').fillRate).toBe(0.333);
    expect(monthProgress(250, 200, '2026-11-18')).toMatchObject({ remaining: 0, fillRate: 1 });
    expect(monthProgress(0, 0, '2026-11-18').fillRate).toBe(0);
  });

  test('the bubble states fill rate, remaining capacity and days left', () => {
    expect(progressBubble({ fillRate: 0.25, remaining: 1500, businessDaysLeft: 9 }, 'leads')).toBe('25% filled · 1,500 leads left this month · 9 business days left');
    expect(progressBubble({ fillRate: 1, remaining: 0, businessDaysLeft: 1 }, 'calls')).toBe('100% filled · 0 calls left this month · 1 business day left');
  });

  test('short names: 10 characters plus an ellipsis', () => {
    expect(shortName('Dallas Auto Exclusive')).toBe('Dallas Aut…');
    expect(shortName('Ten chars!')).toBe('Ten chars!');
  });
});

describe('the expert recommendation', () => {
  const base: RecommendationFacts = { cld: false, maxBidCents: 1500, standardBidCents: 1500, marketLevelCents: 2000, sold: 10, cap: 200, elapsedShare: 0.5 };

  test('pace: behind below 80% of where the fill should be, never at the cap', () => {
    expect(behindPace({ sold: 79, cap: 200, elapsedShare: 0.5 })).toBe(true);
    expect(behindPace({ sold: 80, cap: 200, elapsedShare: 0.5 })).toBe(false);
    expect(behindPace({ sold: 0, cap: 200, elapsedShare: 0 })).toBe(false);
    expect(behindPace({ sold: 5, cap: 5, elapsedShare: 1 })).toBe(false);
  });

  test('each branch', () => {
    expect(expertRecommendation({ ...base, cld: true })).toBeNull();
    expect(expertRecommendation({ ...base, sold: 80 })).toBeNull();
    expect(expertRecommendation(base)).toBe('selectMarketLevel');
    expect(expertRecommendation({ ...base, maxBidCents: 1700 })).toBe('customBidBelowMarket');
    expect(expertRecommendation({ ...base, maxBidCents: 2000 })).toBe('reviewBidding');
    expect(expertRecommendation({ ...base, marketLevelCents: null })).toBe('reviewBidding');
  });

  test('the texts are the specification’s', () => {
    expect(Object.values(EXPERT_RECOMMENDATIONS)).toEqual([
      'Review your order to select Market-Level Price.',
      'Review your bid because your custom bid is less than the market level price.',
      'Review your bidding options.',
    ]);
  });
});

describe('recommended orders', () => {
  const pkg = (id: number, vertical: 'autoins' | 'homeins', extra: Partial<OrderPackage> = {}) =>
    ({ id, name: `P${id}`, vertical, product: 'leads', tags: [], cldGrowth: false, cldType: null, costCents: 2500, ...extra }) as OrderPackage;
  const packages = [pkg(1, 'autoins'), pkg(2, 'autoins'), pkg(3, 'homeins'), pkg(4, 'autoins', { cldGrowth: true }), pkg(5, 'autoins', { product: 'calls' })];
  const demand: Demand[] = [
    { vertical: 'autoins', product: 'leads', pings: 90, sold: 40, bought: 30 },
    { vertical: 'homeins', product: 'leads', pings: 100, sold: 100, bought: 10 },
    { vertical: 'autoins', product: 'calls', pings: 5, sold: 0, bought: 5 },
  ];

  test('missed demand first, one package per kind, no CLD package, nothing where all was bought', () => {
    const items = recommendOrders(demand, packages, new Set([1]));
    expect(items.map((i) => [i.packageId, i.unsold, i.noBuyer])).toEqual([[3, 90, 0], [2, 60, 50]]);
    expect(items[0]).toMatchObject({ radiusMiles: 30, pings: 100 });
    expect(items[1].why).toBe('60 of 90 Auto Insurance leads offered within 30 miles of your territory in the last 30 days went to no order of yours; 50 found no buyer at all.');
  });

  test('the package of a kind: one not yet ordered, else the cheapest; an even sample of centres', () => {
    const priced = [pkg(10, 'autoins', { costCents: 3000 }), pkg(11, 'autoins', { costCents: 2500 }), pkg(12, 'autoins', { costCents: 2000 })];
    expect(recommendOrders(demand, priced, new Set()).map((i) => i.packageId)).toEqual([12]);
    expect(recommendOrders(demand, priced, new Set([12])).map((i) => i.packageId)).toEqual([11]);
    expect(recommendOrders(demand, priced, new Set([10, 11, 12])).map((i) => i.packageId)).toEqual([12]);
    expect(evenSample([1, 2, 3, 4, 5, 6], 3)).toEqual([1, 3, 5]);
    expect(evenSample([1, 2], 3)).toEqual([1, 2]);
  });
});

test('a banner shows from its first through its last day', () => {
  const b = { startsOn: '2022-12-22', endsOn: '2022-12-27' };
  expect(['2022-12-21', '2022-12-22', '2022-12-27', '2022-12-28'].map((d) => bannerShows(b, d))).toEqual([false, true, true, false]);
});

describe('the coverage overlay (coverageOf)', () => {
  const base: Territory = { ...emptyTerritory(30) };
  const county = (fips: string, enabled: boolean, zipcodes: string) => ({ fips, county: `County ${fips}`, zipcodes, totalZips: zipcodes.split(',').length, enabled });

  test('a whole state draws the state, no points', () => {
    const c = coverageOf({ ...base, geoType: 'state', state: 'TX' });
    expect(c).toMatchObject({ mode: 'state', state: 'TX', counties: [], circle: null, zips: [] });
    expect(c.text).toBe('The whole state of Texas.');
  });

  test('counties of a state draw its counties, the chosen ones counted', () => {
    const counties = [county('48113', true, '75201,75202'), county('48439', false, '76101'), county('48085', true, '75002')];
    const t = { ...base, state: 'TX', enableCounties: true, counties, zips: [{ id: '75201', enabled: true }, { id: '75202', enabled: true }, { id: '75002', enabled: true }] };
    const c = coverageOf(t);
    expect(c).toMatchObject({ mode: 'counties', state: 'TX', circle: null, zips: [] });
    expect(c.counties).toHaveLength(3);
    expect(c.text).toBe('2 counties of Texas (3 ZIP codes).');
  });

  test('a radius draws its circle around the regional ZIP and the enabled ZIP codes', () => {
    const t = { ...base, regionalZip: '75201-1234', regionalRadius: 30, zips: [{ id: '75201', enabled: true }, { id: '75202', enabled: false }, { id: '75203', enabled: true }] };
    const c = coverageOf(t);
    expect(c).toMatchObject({ mode: 'radius', state: null, circle: { zip: '75201', miles: 30 }, zips: ['75201', '75203'] });
    expect(c.text).toBe('2 ZIP codes within 30 miles of 75201.');
  });

  test('a ZIP list draws its enabled ZIP codes; an empty one says so', () => {
    expect(coverageOf({ ...base, zips: [{ id: '10001', enabled: true }] })).toMatchObject({ mode: 'zips', circle: null, zips: ['10001'], text: '1 ZIP code.' });
    expect(coverageOf(base).text).toBe('No ZIP codes selected.');
  });
});

test('the regional performance chart is for regional managers only', () => {
  expect(showsRegionalChart('regional')).toBe(true);
  for (const role of ['user', 'corporate', 'admin', 'sales', 'accounting', 'vendor']) expect(showsRegionalChart(role)).toBe(false);
});

describe('the regional chart range', () => {
  test('default: last 90 days and beyond (179 to 90 days back), offered with the reports\' choices', () => {
    expect(regionalChartDefault('2026-11-27', '2024-01-01')).toEqual({ from: '2026-06-01', to: '2026-08-29' });
    expect(REGIONAL_CHART_CHOICES).toEqual(['today', 'thisWeek', 'thisMonth', 'lastMonth', 'last90Days', 'last90DaysAndBeyond', 'custom']);
  });
  test('cut at the account\'s first day; an account younger than the range gets the last 90 days', () => {
    expect(regionalChartDefault('2026-11-27', '2026-07-01')).toEqual({ from: '2026-07-01', to: '2026-08-29' });
    expect(regionalChartDefault('2026-11-27', '2026-08-30')).toEqual({ from: '2026-08-30', to: '2026-11-27' });
    expect(regionalChartDefault('2026-11-27', '2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
  });
});
