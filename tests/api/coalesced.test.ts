import { describe, expect, it } from 'vitest';
import { Coalesced } from '../../src/server/db/coalesced';

/** A statement the test finishes by hand: each call is kept with its batch until answered. */
function statements() {
  const calls: Array<{ batch: number[]; answer: () => void; fail: (e: Error) => void }> = [];
  const run = (batch: number[]) =>
    new Promise<string[]>((resolve, reject) => calls.push({ batch, answer: () => resolve(batch.map((n) => `#${n}`)), fail: reject }));
  return { calls, run };
}
/** Lets the promise jobs run (a batch's answers, then the next batch's start). */
const settle = () => new Promise<void>((r) => setImmediate(r));

describe('requests that share statements', () => {
  it('a request alone goes at once; those made while it runs share the next statement, each with its own answer', async () => {
    const s = statements();
    const c = new Coalesced(s.run, 10);
    const a = c.ask(1);
    expect(s.calls.map((x) => x.batch)).toEqual([[1]]);
    const [b, d] = [c.ask(2), c.ask(3)];
    expect(s.calls).toHaveLength(1);
    s.calls[0].answer();
    await settle();
    expect(s.calls.map((x) => x.batch)).toEqual([[1], [2, 3]]);
    s.calls[1].answer();
    expect(await Promise.all([a, b, d])).toEqual(['#1', '#2', '#3']);
    await c.idle();
    // Idle again: the next request goes at once.
    const e = c.ask(4);
    expect(s.calls.map((x) => x.batch)).toEqual([[1], [2, 3], [4]]);
    s.calls[2].answer();
    expect(await e).toBe('#4');
  });

  it('at most `most` requests share a statement; the rest take the next', async () => {
    const s = statements();
    const c = new Coalesced(s.run, 2);
    const asked = [1, 2, 3, 4, 5, 6].map((n) => c.ask(n));
    for (let i = 0; i < 4; i += 1) {
      s.calls[i].answer();
      await settle();
    }
    expect(s.calls.map((x) => x.batch)).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(await Promise.all(asked)).toEqual(['#1', '#2', '#3', '#4', '#5', '#6']);
  });

  it('a failed statement fails its own requests only; the next batch still runs', async () => {
    const s = statements();
    const c = new Coalesced(s.run, 10);
    const first = c.ask(1);
    const [second, third] = [c.ask(2), c.ask(3)];
    s.calls[0].fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    s.calls[1].answer();
    expect(await Promise.all([second, third])).toEqual(['#2', '#3']);
    await c.idle();
  });
});
