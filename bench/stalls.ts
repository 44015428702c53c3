/**
 * Where an open loop's slow answers come from: this process's event-loop delay and its
 * garbage collector's pauses over a window. The bench watches its own (the load generator)
 * and asks the server for the server's, so a p99 can be laid at the right door.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export type Stalls = { loopP99: number; loopMax: number; gcPauses: number; gcMax: number; gcTotal: number };

/** Start watching; the returned function stops and reports, in milliseconds. */
export function watchStalls(): () => Stalls {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let gcPauses = 0;
  let gcMax = 0;
  let gcTotal = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcPauses += 1;
      gcTotal += e.duration;
      gcMax = Math.max(gcMax, e.duration);
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  return () => {
    loop.disable();
    gc.disconnect();
    return { loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6, gcPauses, gcMax, gcTotal };
  };
}

export const stallsText = (s: Stalls) =>
  `event loop delay p99 ${s.loopP99.toFixed(1)} ms, max ${s.loopMax.toFixed(1)} ms; ${s.gcPauses} GC pauses, longest ${s.gcMax.toFixed(1)} ms, ${s.gcTotal.toFixed(0)} ms in all`;
