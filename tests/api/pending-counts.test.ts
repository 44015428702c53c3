import { describe, expect, it } from 'vitest';
import { PendingCounts } from '../../src/server/services/engine/pending-counts';

/** The engine's in-memory counts (breakdown, scrubbed leads, pings per day): one statement per flush, nothing lost on failure. */
describe('pending counts', () => {
  const sum = (a: number, b: number) => a + b;

  it('sums adds under their key and writes them once, in key order', async () => {
    const writes: Array<Array<[number, number]>> = [];
    const c = new PendingCounts<number, number>(sum, async (rows) => void writes.push(rows));
    for (const k of [30, 2, 30, 11, 2, 30]) c.add(k, 1);
    await c.flush();
    await c.flush();
    expect(writes).toEqual([[[2, 2], [11, 1], [30, 3]]]);
  });

  it('orders string keys the same way on every server', async () => {
    const writes: string[][] = [];
    const c = new PendingCounts<string, number>(sum, async (rows) => void writes.push(rows.map(([k]) => k)));
    for (const k of ['b|2', 'a|9', 'b|10']) c.add(k, 1);
    await c.flush();
    expect(writes).toEqual([['a|9', 'b|10', 'b|2']]);
  });

  it('keeps what a failed write took, merged with what came in meanwhile, for the next flush', async () => {
    const writes: Array<Array<[string, number]>> = [];
    let fail = true;
    const c = new PendingCounts<string, number>(sum, async (rows) => {
      c.add('x', 5); // arrives while the statement runs
      if (fail) throw new Error('outage');
      writes.push(rows);
    });
    c.add('x', 1);
    c.add('y', 2);
    await expect(c.flush()).rejects.toThrow('outage');
    fail = false;
    await c.flush();
    expect(writes).toEqual([[['x', 6], ['y', 2]]]);
  });

  it('runs flushes one after another, the next after a failed one too', async () => {
    const log: string[] = [];
    let release!: () => void;
    let started!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const firstStarted = new Promise<void>((r) => (started = r));
    let n = 0;
    const c = new PendingCounts<string, number>(sum, async (rows) => {
      n += 1;
      log.push(`start ${n} ${rows.map(([k]) => k).join()}`);
      if (n === 1) {
        started();
        await first;
        throw new Error('outage');
      }
      log.push(`end ${n}`);
    });
    c.add('a', 1);
    const a = c.flush();
    await firstStarted;
    c.add('b', 1);
    const b = c.flush();
    release();
    await expect(a).rejects.toThrow('outage');
    await b;
    expect(log).toEqual(['start 1 a', 'start 2 a,b', 'end 2']);
  });
});
