import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { byBid, decide, decideByShortlist, rank, takeShortlist, tieWalk, unreadOutcome, walkOf, type Candidate, type OrderFacts, type Ranked, type TieWalk } from '../../src/domain/engine';

const NOW = new Date('2026-11-18T15:00:00Z'); // a Wednesday
const LEAD = { vertical: 'autoins' as const, zipcode: '60601', state: 'IL' };
const ALL_DAY = { wed: Array.from({ length: 24 }, (_, h) => h) };

/** A candidate that passes its own settings' rules; what moves (caps used, balance) is the generator's. */
const candidate = fc.record({
  buyer: fc.integer({ min: 1, max: 6 }),
  bidCents: fc.constantFrom(1000, 1500, 1500, 2000, 2500, 2500, 3000),
  capped: fc.boolean(),
  paused: fc.constantFrom(false, false, false, true),
  availableCents: fc.constantFrom(0, 1200, 2600, 100_000, 100_000),
  waitingSince: fc.oneof(fc.constantFrom(0, 100, 500), fc.integer({ min: 0, max: 1000 })),
  /** How far the book's bound is behind the order's waitingSince (sold since the book last saw it). */
  behind: fc.constantFrom(0, 0, 0, 1, 40, 1000),
  maxBuyers: fc.integer({ min: 1, max: 3 }),
});

/** The walk's orders as they were taken (what a decision over shortlists reached). */
function recording<T extends Ranked>(walk: TieWalk<T>): TieWalk<T> & { taken: T[] } {
  const taken: T[] = [];
  return { ...walk, taken, next: () => {
    const o = walk.next();
    if (o) taken.push(o);
    return o;
  } };
}

function toCandidate(c: { buyer: number; bidCents: number; capped: boolean; paused?: boolean; availableCents: number; waitingSince: number; maxBuyers: number }, orderId: number): Candidate {
  const facts: OrderFacts = {
    active: !c.paused, product: 'leads', vendorSelected: true, schedule: ALL_DAY, timeZone: 'UTC', filters: {},
    caps: { daily: 5, weekly: 50, monthly: 200 }, used: { daily: c.capped ? 5 : 0, weekly: 0, monthly: 0 },
    hourlyCap: null, usedThisHour: 0, duplicate: false, bidCents: c.bidCents, baseCostCents: 1000,
  };
  return { orderId, buyer: c.buyer, facts, maxBidCents: c.bidCents, customPriceCents: null, waitingSince: c.waitingSince,
    availableCents: c.availableCents, maxBuyers: c.maxBuyers };
}

describe('deciding over shortlists of the best bidders', () => {
  test('a shortlist takes its size; a run of equal bids comes longest-waiting first by the bound, then by order id', () => {
    const ranked = [3000, 2500, 2500, 2500, 2000].map((bidCents, i) => ({ orderId: i + 1, buyer: i, bidCents }));
    const bound = new Map([[1, 50], [2, 30], [3, 10], [4, 30], [5, 0]]);
    const walk = tieWalk(walkOf(ranked), (o) => bound.get(o.orderId)!);
    expect(walk.headWaitingAtLeast()).toBeUndefined();
    expect(takeShortlist(walk, 2).map((o) => o.orderId)).toEqual([1, 3]);
    // Inside the run begun: the next order's bound; its rest is the tie walk's to tell.
    expect([walk.peek()?.orderId, walk.headWaitingAtLeast()]).toEqual([2, 30]);
    const left: number[] = [];
    walk.forEachLeft((o) => left.push(o.orderId));
    expect(left).toEqual([2, 4]);
    expect(takeShortlist(walk, 2).map((o) => o.orderId)).toEqual([2, 4]);
    // The next order starts a run of a lower bid.
    expect([walk.peek()?.orderId, walk.headWaitingAtLeast()]).toEqual([5, undefined]);
    expect(takeShortlist(walk, 8).map((o) => o.orderId)).toEqual([5]);
    expect(takeShortlist(walk, 8)).toEqual([]);
  });

  test('ranks by bid, then by the lower order id, so two walks of one area agree', () => {
    const list = [{ orderId: 3, buyer: 1, bidCents: 2000 }, { orderId: 1, buyer: 1, bidCents: 2000 }, { orderId: 2, buyer: 1, bidCents: 2500 }];
    expect(byBid(list).map((o) => o.orderId)).toEqual([2, 1, 3]);
  });

  test('gives the winners and prices of deciding over every order, reaches a prefix of the walk, and never lets an unread order win', async () => {
    await fc.assert(fc.asyncProperty(fc.array(candidate, { maxLength: 40 }), async (specs) => {
      const all = specs.map((c, i) => toCandidate(c, i + 1));
      const full = decide(all, LEAD, NOW);
      const byId = new Map(all.map((c) => [c.orderId, c]));
      const ranked = byBid(all.map((c) => ({ orderId: c.orderId, buyer: c.buyer, bidCents: c.maxBidCents })));
      // The book's bound of each order's waitingSince: at or behind it.
      const walk = recording(tieWalk(walkOf(ranked), (o) => byId.get(o.orderId)!.waitingSince - specs[o.orderId - 1].behind));
      const lazy = (await decideByShortlist(walk, async (list) => list.map((r) => byId.get(r.orderId)!), LEAD, NOW))!;
      expect(lazy.winners).toEqual(full.winners);
      // The orders with an outcome are exactly those the walk gave, as far as it went.
      expect([...lazy.outcomes.keys()].sort((a, b) => a - b)).toEqual(walk.taken.map((r) => r.orderId).sort((a, b) => a - b));
      const asUnread = unreadOutcome(lazy, new Map(all.map((c) => [c.orderId, c.buyer])));
      for (const c of all) {
        const reached = lazy.outcomes.get(c.orderId);
        if (reached) expect(reached.outcome).toBe(full.outcomes.get(c.orderId)!.outcome);
        else {
          expect(full.winners.some((w) => w.orderId === c.orderId)).toBe(false);
          // It ranks below every order read (bid, then the time it has waited since); a full decision may name its own settings' rule first.
          expect(['outbid', 'same_buyer']).toContain(asUnread(c.buyer));
          const bid = (x: Candidate) => ({ orderId: x.orderId, buyer: x.buyer, bidCents: x.maxBidCents, waitingSince: x.waitingSince });
          for (const id of lazy.outcomes.keys()) expect(rank(bid(byId.get(id)!), bid(c))).toBeLessThan(0);
        }
      }
    }), { numRuns: 400 });
  });

  test('reads only the top of a deep book when the best bidders are eligible', async () => {
    const all = Array.from({ length: 200 }, (_, i) => toCandidate({ buyer: i, bidCents: 1000 + i * 10, capped: false, availableCents: 100_000, waitingSince: 0, maxBuyers: 2 }, i + 1));
    const ranked = byBid(all.map((c) => ({ orderId: c.orderId, buyer: c.buyer, bidCents: c.maxBidCents })));
    let read = 0;
    const d = (await decideByShortlist(tieWalk(walkOf(ranked), () => 0), async (list) => ((read += list.length), list.map((r) => all[r.orderId - 1])), LEAD, NOW))!;
    expect(read).toBe(8);
    expect(d.winners.map((w) => [w.orderId, w.priceCents])).toEqual([[200, 2971], [199, 2971]]);
    // Only the orders reached have an outcome; the others count as outbid when asked.
    expect(d.outcomes.size).toBe(8);
    expect(d.outcomes.get(1)).toBeUndefined();
    expect(unreadOutcome(d, new Map(all.map((c) => [c.orderId, c.buyer])))(all[0].buyer)).toBe('outbid');
  });

  test('a stale read gives no decision (the caller starts again)', async () => {
    const ranked = [{ orderId: 1, buyer: 1, bidCents: 2000 }];
    expect(await decideByShortlist(tieWalk(walkOf(ranked), () => 0), async () => null, LEAD, NOW)).toBeNull();
  });

  test('reads a shortlist of a long run of equal bids while the bounds are the times, and reads on only as far as stale bounds need', async () => {
    // 40 orders of one bid, each of its own company, that waited since 0, 10, 20, ... (order 1 longest).
    const all = Array.from({ length: 40 }, (_, i) => toCandidate({ buyer: i, bidCents: 2000, capped: false, availableCents: 100_000, waitingSince: i * 10, maxBuyers: 2 }, i + 1));
    const ranked = byBid(all.map((c) => ({ orderId: c.orderId, buyer: c.buyer, bidCents: c.maxBidCents })));
    const decideWith = async (bound: (id: number) => number) => {
      let read = 0;
      const d = (await decideByShortlist(tieWalk(walkOf(ranked), (o) => bound(o.orderId)), async (list) => ((read += list.length), list.map((r) => all[r.orderId - 1])), LEAD, NOW))!;
      return { read, winners: d.winners.map((w) => w.orderId) };
    };
    expect(await decideWith((id) => all[id - 1].waitingSince)).toEqual({ read: 8, winners: [1, 2] });
    // Orders 1 and 2 sold since (they now wait since 395 and 396). Bounds that missed the sale say they come first: read, they
    // rank after every order whose bound is below 396, which may have waited longer, so the run is read as far as that (whole here).
    all[0].waitingSince = 395;
    all[1].waitingSince = 396;
    expect(await decideWith((id) => (id <= 2 ? 0 : all[id - 1].waitingSince))).toEqual({ read: 40, winners: [3, 4] });
    // The server moves a bound to the sale once the sale commits (flows.ts): one shortlist again.
    expect(await decideWith((id) => all[id - 1].waitingSince)).toEqual({ read: 8, winners: [3, 4] });
  });
});

describe('the schedule slot, remembered per UTC quarter hour', () => {
  test('equals the slot computed afresh at every minute of two days across a DST change, in zones with odd offsets too', async () => {
    const { slotIn } = await import('../../src/domain/engine');
    const { slotAt } = await import('../../src/domain/orders/schedule');
    const zones = ['America/New_York', 'America/Phoenix', 'Asia/Kathmandu', 'Australia/Eucla', 'America/St_Johns'];
    const start = Date.UTC(2026, 10, 1, 0, 0); // the US leaves DST on 1 November 2026
    for (let m = 0; m < 2 * 24 * 60; m += 7) {
      const at = new Date(start + m * 60_000);
      for (const z of zones) expect(slotIn(at, z), `${at.toISOString()} ${z}`).toEqual(slotAt(at, z));
    }
  });
});
