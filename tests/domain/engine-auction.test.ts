import { describe, expect, test } from 'vitest';
import { auction, decide, firstExcludingRule, priceFor, vendorShareOf, type Candidate, type OrderFacts } from '../../src/domain/engine';

const LAST_MONTH = 1;
const LAST_WEEK = 2;
const YESTERDAY = 3;
const bid = (orderId: number, buyer: number, bidCents: number, waitingSince: number) => ({ orderId, buyer, bidCents, waitingSince });

describe('the auction (docs/areas/engine.md: the worked example)', () => {
  const A = bid(1, 1, 3000, YESTERDAY);
  const B = bid(2, 1, 2800, LAST_WEEK);
  const C = bid(3, 2, 2500, LAST_WEEK);
  const D = bid(4, 3, 2000, LAST_MONTH);

  test('shared by two: A and C win and pay D\'s bid plus a cent; B is the same buyer as A; D is outbid', () => {
    expect(auction([A, B, C, D], 2, 1000)).toEqual({
      winners: [
        { orderId: 1, buyer: 1, bidCents: 3000, priceCents: 2001 },
        { orderId: 3, buyer: 2, bidCents: 2500, priceCents: 2001 },
      ],
      outbid: [4],
      sameBuyer: [2],
    });
  });
  test('a losing bid under the base cost: the winners pay the base cost', () => {
    expect(auction([A, C, { ...D, bidCents: 800 }], 2, 1000).winners.map((w) => w.priceCents)).toEqual([1000, 1000]);
  });
  test('a tie goes to the order that has waited longest; a winner never pays above its own bid', () => {
    const r = auction([A, { ...C, bidCents: 2000 }, D], 2, 1000);
    expect(r.winners.map((w) => [w.orderId, w.priceCents])).toEqual([[1, 2001], [4, 2000]]);
    expect(r.outbid).toEqual([3]);
  });
  test('exclusive: one winner, the second bid plus a cent', () => {
    expect(auction([C, A, D], 1, 1000)).toMatchObject({ winners: [{ orderId: 1, priceCents: 2501 }], outbid: [3, 4] });
  });
  test('alone: the base cost', () => {
    expect(auction([C], 1, 1000).winners[0].priceCents).toBe(1000);
    expect(auction([], 1, 1000).winners).toEqual([]);
  });
  test('priceFor: next bid + 1 cent, clamped to [base cost, own bid]', () => {
    expect(priceFor(3000, 2000, 1000)).toBe(2001);
    expect(priceFor(2000, 2000, 1000)).toBe(2000);
    expect(priceFor(3000, 500, 1000)).toBe(1000);
    expect(priceFor(3000, undefined, 1000)).toBe(1000);
  });
  test('the vendor share rounds down, the rest is revenue', () => {
    expect(vendorShareOf(2001)).toBe(1400);
    expect(vendorShareOf(1)).toBe(0);
  });
});

const ON: OrderFacts = {
  active: true, product: 'leads', vendorSelected: true,
  schedule: { mon: [...Array(24).keys()], tue: [...Array(24).keys()], wed: [...Array(24).keys()], thu: [...Array(24).keys()], fri: [...Array(24).keys()], sat: [...Array(24).keys()], sun: [...Array(24).keys()] },
  timeZone: 'America/Chicago', filters: {}, caps: { daily: 1, weekly: 5, monthly: 10 }, used: { daily: 0, weekly: 0, monthly: 0 },
  hourlyCap: null, usedThisHour: 0, duplicate: false, bidCents: 2000, baseCostCents: 1000,
};
const LEAD = { vertical: 'autoins' as const, zipcode: '60601', state: 'IL' };
const NOW = new Date('2026-11-18T15:00:00Z');

describe('the rules, in order', () => {
  test('each flipped alone is the one reported', () => {
    expect(firstExcludingRule(ON, LEAD, NOW)).toBeNull();
    expect(firstExcludingRule({ ...ON, active: false }, LEAD, NOW)).toBe('inactive');
    expect(firstExcludingRule({ ...ON, vendorSelected: false }, LEAD, NOW)).toBe('vendor');
    expect(firstExcludingRule({ ...ON, schedule: {} }, LEAD, NOW)).toBe('schedule');
    expect(firstExcludingRule({ ...ON, filters: { age: [30, 40] } }, { ...LEAD, age: 25 }, NOW)).toBe('filters');
    expect(firstExcludingRule({ ...ON, used: { daily: 1, weekly: 0, monthly: 0 } }, LEAD, NOW)).toBe('cap_daily');
    expect(firstExcludingRule({ ...ON, caps: { daily: 9, weekly: 1, monthly: 9 }, used: { daily: 0, weekly: 1, monthly: 1 } }, LEAD, NOW)).toBe('cap_weekly');
    expect(firstExcludingRule({ ...ON, caps: { daily: 9, weekly: 9, monthly: 1 }, used: { daily: 0, weekly: 0, monthly: 1 } }, LEAD, NOW)).toBe('cap_monthly');
    expect(firstExcludingRule({ ...ON, hourlyCap: 2, usedThisHour: 2 }, LEAD, NOW)).toBe('hourly_cap');
    const calls = { order: 0, orderMax: 1, group: 0, groupMax: 1, company: 0, companyMax: 1 };
    expect(firstExcludingRule({ ...ON, product: 'calls', calls: { ...calls, order: 1 } }, LEAD, NOW)).toBe('concurrency');
    expect(firstExcludingRule({ ...ON, product: 'calls', calls: { ...calls, group: 1 } }, LEAD, NOW)).toBe('group_concurrency');
    expect(firstExcludingRule({ ...ON, product: 'calls', calls: { ...calls, company: 1 } }, LEAD, NOW)).toBe('company_concurrency');
    expect(firstExcludingRule({ ...ON, duplicate: true }, LEAD, NOW)).toBe('duplicate');
    expect(firstExcludingRule({ ...ON, bidCents: 999 }, LEAD, NOW)).toBe('below_cost');
  });
  test('the schedule is read in the agent\'s time zone (quarter-hour slots)', () => {
    const nineToFive = { ...ON, schedule: { wed: [9, 10, 11, 12, 13, 14, 15, 16] } };
    expect(firstExcludingRule(nineToFive, LEAD, NOW)).toBeNull(); // 09:00 in Chicago
    expect(firstExcludingRule({ ...nineToFive, timeZone: 'America/Los_Angeles' }, LEAD, NOW)).toBe('schedule'); // 07:00
    expect(firstExcludingRule({ ...ON, schedule: { wed: [9.01] } }, LEAD, NOW)).toBeNull(); // 09:00-09:15
    expect(firstExcludingRule({ ...ON, schedule: { wed: [9.02] } }, LEAD, NOW)).toBe('schedule'); // 09:15-09:30 only
  });
});

describe('decide', () => {
  const cand = (orderId: number, buyer: number, bidCents: number, availableCents: number): Candidate => ({
    orderId, buyer, facts: { ...ON, bidCents }, maxBidCents: bidCents, customPriceCents: null, waitingSince: orderId, availableCents, maxBuyers: 1,
  });
  test('a winner that cannot pay its price is excluded and the auction runs again', () => {
    const d = decide([cand(1, 1, 3000, 500), cand(2, 2, 2500, 10_000), cand(3, 3, 2000, 10_000)], LEAD, NOW);
    expect(d.winners).toEqual([{ orderId: 2, buyer: 2, bidCents: 2500, priceCents: 2001 }]);
    expect(d.outcomes.get(1)?.outcome).toBe('balance');
    expect(d.outcomes.get(3)?.outcome).toBe('outbid');
  });
  test('nothing eligible: the reason is the rule of the order that came closest', () => {
    const d = decide([{ ...cand(1, 1, 3000, 0), facts: { ...ON, active: false } }, { ...cand(2, 2, 3000, 0), facts: { ...ON, duplicate: true } }], LEAD, NOW);
    expect(d).toMatchObject({ winners: [], reason: 'duplicate' });
    expect(decide([], LEAD, NOW).reason).toBe('no_orders');
  });
});
