/**
 * An injected source of randomness (like the Clock): logic that draws at random takes a
 * Random, so a test or a demo seed replays the same draws.
 */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
}

/** mulberry32: a small, fast, well-spread 32-bit generator; the same seed, the same draws. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return {
    next() {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/** The platform's generator, for production paths that need no replay. */
export const systemRandom: Random = { next: () => Math.random() };

/** An integer in [min, max]. */
export const intBetween = (r: Random, min: number, max: number): number => min + Math.floor(r.next() * (max - min + 1));

/** One element of a non-empty list. */
export const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r.next() * items.length)];

/** True with probability p. */
export const chance = (r: Random, p: number): boolean => r.next() < p;

/** One key of a table of weights, drawn in proportion to its weight. */
export function weighted<T extends string>(r: Random, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as Array<[T, number]>;
  let x = r.next() * entries.reduce((s, [, n]) => s + n, 0);
  for (const [k, n] of entries) if ((x -= n) < 0) return k;
  return entries[entries.length - 1][0];
}
