import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoakDays } from '../../bench/ping-soak-days';
import { clockFrom, type Clock } from '../../src/domain/clock';
import { installClockControl } from '../../src/server/clock-control';
import type { PingHistoryRun } from '../../src/server/services/engine/ping-history';

/**
 * bench:ping's simulated days (--soak-day-seconds): the server's clock moved one day
 * through POST /test/clock for each N seconds passed, and the ping-history job run at the
 * moved time after each move, one day after another. The real time stands still here
 * (the clock's base is fixed): only the bench moves it.
 */
const START = new Date('2026-06-01T12:00:00Z');
const base: Clock = { now: () => START };
const clock = clockFrom(START, base);
const app = Fastify();
installClockControl(app, clock);
let port = 0;
/** When each job ran (the server's time), and whether the next run fails. */
const runs: string[] = [];
let failNext = false;
const ask = async <T>(c: { cmd: string }): Promise<T> => {
  expect(c.cmd).toBe('ping-history');
  runs.push(clock.now().toISOString());
  if (failNext) {
    failNext = false;
    throw new Error('canceling statement due to lock timeout');
  }
  return { made: [], dropped: ['2026-05-28'], deleted: 0 } satisfies PingHistoryRun as T;
};

beforeAll(async () => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => app.close());

describe("the soak's simulated days", () => {
  it('moves a day every N seconds and runs the job at each new time; a failed run is counted and the days go on', async () => {
    const days = new SoakDays({ port, ask }, 30);
    await days.start();
    days.tick(29);
    await days.idle();
    expect(days.day).toBe(0);
    days.tick(65); // two days due at once: both moved, in turn
    await days.idle();
    failNext = true;
    days.tick(90);
    await days.idle();
    expect(days.day).toBe(3);
    expect(runs).toEqual(['2026-06-01T12:00:00.000Z', '2026-06-02T12:00:00.000Z', '2026-06-03T12:00:00.000Z', '2026-06-04T12:00:00.000Z']);
    expect({ dropped: days.dropped, failed: days.failed }).toEqual({ dropped: 3, failed: 1 });
  });
});
