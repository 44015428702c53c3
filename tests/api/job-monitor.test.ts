import { afterEach, describe, expect, test, vi } from 'vitest';
import { ERROR_TEXT_MAX, JobMonitor, MAX_BACKOFF_MS, nextDelay, type JobLog } from '../../src/server/services/job-monitor';
import { TestClock } from '../helpers/clock';

/**
 * The job monitor without a database: back-off as a pure function, counting on the
 * injected clock, one run at a time, and the timers driven by vitest's fake timers
 * (no test waits in real time).
 */
describe('nextDelay', () => {
  test('the interval while a job succeeds, doubled per consecutive failure, capped', () => {
    expect([0, 1, 2, 3].map((n) => nextDelay(1_000, n))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect([0, 1, 2, 3].map((n) => nextDelay(60_000, n))).toEqual([60_000, 120_000, 240_000, MAX_BACKOFF_MS]);
    expect(nextDelay(100, 10, 5_000)).toBe(5_000);
    expect(nextDelay(1_000, 1_000_000)).toBe(MAX_BACKOFF_MS);
  });

  test('never shorter than the interval: a job slower than the cap keeps its own pace', () => {
    expect(nextDelay(10 * 60_000, 0)).toBe(10 * 60_000);
    expect(nextDelay(10 * 60_000, 4)).toBe(10 * 60_000);
  });
});

/** A logger that keeps what it was given. */
function recordingLog() {
  const lines: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  const log = { error: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }) } as unknown as JobLog;
  return { log, lines };
}

/** A job that fails while `failing.now` is true. */
function flaky() {
  const failing = { now: true, calls: 0 };
  const work = async () => {
    failing.calls += 1;
    if (failing.now) throw new Error(`boom ${failing.calls}`);
  };
  return { failing, work };
}

/** A job whose each run waits until `open()`; counts the runs begun and ended. */
function gated() {
  const gate = { calls: 0, ended: 0, open: () => {} };
  const work = async () => {
    gate.calls += 1;
    await new Promise<void>((resolve) => (gate.open = resolve));
    gate.ended += 1;
  };
  return { gate, work };
}
const SLOW = { name: 'slow', description: 'a test job', everyMs: 1_000 };

let monitor: JobMonitor | null = null;
afterEach(async () => {
  await monitor?.stop();
  monitor = null;
  vi.useRealTimers();
});

describe('JobMonitor', () => {
  test('a failure is logged with the job and counted; the next run backs off; a success resets it', async () => {
    const clock = new TestClock(new Date('2026-04-14T15:30:00Z'));
    const { log, lines } = recordingLog();
    monitor = new JobMonitor(clock, log);
    const { failing, work } = flaky();
    monitor.every({ name: 'flaky', description: 'a test job', everyMs: 1_000 }, work);
    expect(monitor.status()[0]).toMatchObject({ name: 'flaky', runs: 0, failures: 0, nextRunAt: '2026-04-14T15:30:01.000Z' });

    expect(await monitor.runOnce('flaky')).toBe(false);
    clock.advance(10_000);
    expect(await monitor.runOnce('flaky')).toBe(false);
    expect(monitor.status()).toEqual([{
      name: 'flaky', description: 'a test job', everyMs: 1_000, runs: 2, failures: 2, consecutiveFailures: 2, lastError: 'boom 2',
      lastSuccessAt: null, lastFailureAt: '2026-04-14T15:30:10.000Z', nextRunAt: '2026-04-14T15:30:14.000Z', running: false,
    }]);
    expect(lines.map((l) => [l.msg, l.obj.job, (l.obj.err as Error).message, l.obj.consecutiveFailures, l.obj.retryInMs])).toEqual([
      ['background job flaky failed', 'flaky', 'boom 1', 1, 2_000],
      ['background job flaky failed', 'flaky', 'boom 2', 2, 4_000],
    ]);

    failing.now = false;
    clock.advance(5_000);
    expect(await monitor.runOnce('flaky')).toBe(true);
    expect(monitor.status()[0]).toMatchObject({
      runs: 3, failures: 2, consecutiveFailures: 0, lastError: 'boom 2',
      lastSuccessAt: '2026-04-14T15:30:15.000Z', lastFailureAt: '2026-04-14T15:30:10.000Z', nextRunAt: '2026-04-14T15:30:16.000Z',
    });
    expect(lines).toHaveLength(2);
  });

  test('runs of one job never overlap: a second call joins the run under way', async () => {
    monitor = new JobMonitor(new TestClock(), recordingLog().log);
    const { gate, work } = gated();
    monitor.every(SLOW, work);
    const first = monitor.runOnce('slow');
    const second = monitor.runOnce('slow');
    expect(second).toBe(first);
    expect(monitor.status()[0]).toMatchObject({ running: true, nextRunAt: null });
    gate.open();
    expect(await first).toBe(true);
    expect(gate.calls).toBe(1);
    expect(monitor.status()[0]).toMatchObject({ runs: 1, running: false });
  });

  test('the timer runs the job at its interval, and after a failure only once the back-off has passed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    monitor = new JobMonitor(new TestClock(), recordingLog().log);
    const { failing, work } = flaky();
    monitor.every({ name: 'timed', description: 'a test job', everyMs: 1_000 }, work);
    await vi.advanceTimersByTimeAsync(999);
    expect(failing.calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(failing.calls).toBe(1); // failed: the next run waits 2 s
    await vi.advanceTimersByTimeAsync(1_999);
    expect(failing.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(failing.calls).toBe(2); // failed again: 4 s
    failing.now = false;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(failing.calls).toBe(3); // succeeded: back to 1 s
    await vi.advanceTimersByTimeAsync(1_000);
    expect(failing.calls).toBe(4);
    expect(monitor.status()[0]).toMatchObject({ runs: 4, failures: 2, consecutiveFailures: 0 });
  });

  test('a job is not timed while it runs, so a slow run is never joined by its own timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    monitor = new JobMonitor(new TestClock(), recordingLog().log);
    const { gate, work } = gated();
    monitor.every(SLOW, work);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(gate.calls).toBe(1);
    gate.open();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gate.calls).toBe(2);
    gate.open();
  });

  test('stop waits for the run under way and ends the timer; a stopped job is gone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    monitor = new JobMonitor(new TestClock(), recordingLog().log);
    const { gate, work } = gated();
    monitor.every(SLOW, work);
    monitor.every({ ...SLOW, name: 'other' }, async () => {});
    const run = monitor.runOnce('slow');
    const stopped = monitor.stop(['slow']);
    let settled = false;
    void stopped.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    gate.open();
    await stopped;
    expect(gate.ended).toBe(1);
    expect(await run).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(gate.calls).toBe(1);
    expect(monitor.status().map((j) => j.name)).toEqual(['other']);
    expect(() => monitor!.runOnce('slow')).toThrow('no job named slow');
  });

  test('a name runs once; a long error text is cut for the view', async () => {
    monitor = new JobMonitor(new TestClock(), recordingLog().log);
    monitor.every({ name: 'loud', description: 'a test job', everyMs: 1_000 }, async () => {
      throw new Error('x'.repeat(2_000));
    });
    expect(() => monitor!.every({ name: 'loud', description: 'a test job', everyMs: 1_000 }, async () => {})).toThrow('already running');
    await monitor.runOnce('loud');
    expect(monitor.status()[0].lastError).toHaveLength(ERROR_TEXT_MAX);
  });
});
