/** What withinDeadline answers when the work took longer. */
export const MISSED = Symbol('missed the deadline');

/**
 * The work's result, or MISSED once `ms` have passed (real time: a latency promise to
 * the vendor, not a business rule on the clock). Work that misses goes on to its end:
 * its result is dropped, and its failure, which no caller awaits any more, goes to `late`.
 */
export function withinDeadline<T>(work: Promise<T>, ms: number, late: (failure: unknown) => void): Promise<T | typeof MISSED> {
  // One promise and one timer a call (Promise.race made two more promises a ping).
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      resolve(MISSED);
      work.catch(late);
    }, ms);
    work.then((r) => {
      clearTimeout(timer);
      resolve(r);
    }, (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}
