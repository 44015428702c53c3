import { describe, expect, it } from 'vitest';
import { chance, intBetween, seededRandom, weighted } from '../../src/domain/random';
import { prng } from '../../src/server/seed/marketplace';

describe('one seeded generator', () => {
  it('the seed draws from the domain generator: the same seed, the same draws', () => {
    const a = seededRandom(20_260_101);
    const b = prng(20_260_101);
    for (let i = 0; i < 100; i++) expect(b.next()).toBe(a.next());
    // The first draws of mulberry32 for seed 1, so a changed generator changes every demo install visibly.
    expect(seededRandom(1).next()).toBeCloseTo(0.6270739405881613, 15);
  });

  it('draws in proportion to the weights and within bounds', () => {
    const r = seededRandom(7);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 10_000; i++) counts[weighted(r, { a: 1, b: 3, c: 0 })] += 1;
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.5);
    expect(counts.b / counts.a).toBeLessThan(3.5);
    for (let i = 0; i < 1000; i++) {
      const n = intBetween(r, 3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
    expect(chance(r, 0)).toBe(false);
    expect(chance(r, 1)).toBe(true);
  });
});
