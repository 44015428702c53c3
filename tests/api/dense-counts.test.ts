import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DenseCounts } from '../../src/server/services/engine/dense-counts';

describe('dense counts (the order chart\'s unread orders)', () => {
  test('a drain gives each key touched since the last one with its count, growing past any key, then starts from zero', () => {
    fc.assert(fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 60 }), { maxLength: 5 }), (rounds) => {
      const counts = new DenseCounts();
      for (const keys of rounds) {
        for (const k of keys) counts.add(k);
        const expected = new Map<number, number>();
        for (const k of keys) expected.set(k, (expected.get(k) ?? 0) + 1);
        const got = new Map<number, number>();
        counts.drain((k, n) => got.set(k, (got.get(k) ?? 0) + n));
        expect(got).toEqual(expected);
      }
    }));
  });
});
