import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTCOMES } from '../../src/domain/engine';
import { OUTCOME_CODES, decodeConsidered, encodeConsidered, winnersOf, type Considered } from '../../src/domain/engine/decision-bytes';

const outcomeMap = fc.uniqueArray(
  fc.record({
    o: fc.integer({ min: 1, max: 2 ** 40 }),
    r: fc.constantFrom(...OUTCOMES),
    b: fc.option(fc.integer({ min: 0, max: 2 ** 40 }), { nil: null }),
    p: fc.option(fc.integer({ min: 0, max: 2 ** 40 }), { nil: null }),
  }),
  { selector: (x) => x.o, maxLength: 300 },
);

const asMap = (c: Considered) => new Map(c.o.map((o, i) => [o, { r: c.r[i], b: c.b[i], p: c.p[i] }]));
const columns = (rows: Array<{ o: number; r: Considered['r'][number]; b: number | null; p: number | null }>): Considered =>
  ({ o: rows.map((x) => x.o), r: rows.map((x) => x.r), b: rows.map((x) => x.b), p: rows.map((x) => x.p) });

describe('a stored decision (engine_pings.decision)', () => {
  it('decodes to the outcomes it encoded, whatever they are', () => {
    fc.assert(fc.property(outcomeMap, (rows) => {
      const c = columns(rows);
      const back = decodeConsidered(encodeConsidered(c));
      expect(asMap(back)).toEqual(asMap(c));
      // The priced orders first, in the order given (a ping's winners in the auction's rank), then the others by id.
      const priced = c.o.filter((_, i) => c.p[i] !== null);
      expect(back.o).toEqual([...priced, ...c.o.filter((_, i) => c.p[i] === null).sort((a, b) => a - b)]);
    }), { numRuns: 500 });
  });

  it('gives every outcome a code, once', () => {
    expect([...OUTCOME_CODES].sort()).toEqual([...OUTCOMES].sort());
  });

  it('keeps the codes of outcomes already stored', () => {
    // A stored row outlives the code: these bytes must decode the same forever.
    expect(decodeConsidered(Uint8Array.from([1, 2, 5, 3, 0, 16, 0, 0xd1, 0x0f, 1, 0, 0xa1, 0x0f]))).toEqual(
      { o: [5, 8], r: ['sold', 'below_cost'], b: [null, 2000], p: [1952, null] });
    // Version 2: each price names its order's place (8 at 1, then 5 at 0), in the winners' order.
    const v2 = Uint8Array.from([2, 2, 5, 3, 1, 1, 0xd2, 0x0f, 0xd1, 0x0f, 2, 1, 0xd1, 0x0f, 0, 0xd0, 0x0f]);
    expect(decodeConsidered(v2)).toEqual({ o: [8, 5], r: ['won', 'won'], b: [2000, 2001], p: [2000, 1999] });
    expect(encodeConsidered(decodeConsidered(v2))).toEqual(v2);
  });

  it('gives the winners in the order they were stored, at their prices', () => {
    const c: Considered = { o: [9, 3, 4, 7], r: ['won', 'balance', 'outbid', 'won'], b: [3000, 2800, 2000, 2500], p: [2001, 2001, null, 2001] };
    expect(winnersOf(decodeConsidered(encodeConsidered(c)))).toEqual([{ orderId: 9, priceCents: 2001 }, { orderId: 7, priceCents: 2001 }]);
    expect(winnersOf({ ...c, r: ['sold', 'balance', 'outbid', 'inactive'] })).toEqual([{ orderId: 9, priceCents: 2001 }]);
  });

  it('keeps a decision of 16 orders of a book of 10,000 under 100 bytes', () => {
    const ids = [...new Set(Array.from({ length: 16 }, (_, i) => 1 + i * 617))];
    const c = columns(ids.map((o, i) => ({ o, r: i < 2 ? 'won' : 'outbid', b: 1500 + i * 25, p: i < 2 ? 1501 : null })));
    expect(encodeConsidered(c).length).toBeLessThan(100);
  });

  it('refuses what it cannot store or read', () => {
    expect(() => encodeConsidered({ o: [1], r: ['nope' as 'won'], b: [null], p: [null] })).toThrow('no code');
    expect(() => encodeConsidered({ o: [-1], r: ['won'], b: [null], p: [null] })).toThrow('cannot be stored');
    expect(() => encodeConsidered({ o: [1], r: ['won'], b: [-5], p: [null] })).toThrow('cannot be stored');
    expect(() => decodeConsidered(Uint8Array.from([9]))).toThrow('version');
    expect(() => decodeConsidered(Uint8Array.from([1, 1, 0x85]))).toThrow('inside a number');
    expect(() => decodeConsidered(Uint8Array.from([1, 1, 3, 99, 0, 0]))).toThrow('outcome code');
    expect(() => decodeConsidered(Uint8Array.from([1, 0, 0, 7]))).toThrow('trailing');
    expect(() => decodeConsidered(Uint8Array.from([1, 0, 1, 0, 1]))).toThrow('a price of no order');
    expect(() => decodeConsidered(Uint8Array.from([2, 1, 0, 0, 0, 2, 0, 1, 0, 1]))).toThrow('two prices of one order');
  });
});
