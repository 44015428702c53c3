/** What withinDeadline answers when the work took longer. */
export const MISSED = Symbol('missed the deadline');

/**
 * The work's result, or MISSED once `ms` have passed (real time: a latency promise to
 * the vendor, not a business rule on the clock). Work that misses goes on to its end:
 * its result is dropped, and its failure, which no caller awaits any more, goes to `late`.
 */
export function withinDeadline<T>(work: Promise<T>, ms: number, late: (failure: unknown) => void): Promise<T | typeof MISSED> {
  let timer: NodeJS.Timeout | undefined;
  const missed = new Promise<typeof MISSED>((resolve) => {
    timer = setTimeout(() => resolve(MISSED), ms);
  });
  return Promise.race([work, missed]).then((r) => {
    clearTimeout(timer);
    if (r === MISSED) work.catch(late);
    return r;
  }, (e) => {
    clearTimeout(timer);
    throw e;
  });
}
