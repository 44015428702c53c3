import type { Clock } from '../../src/domain/clock';

/**
 * TEST_CLOCK_SHIFT_HOURS (a number of hours, may be fractional or negative): a TestClock
 * made without a start, and the seed of the run's template, start that far from real now,
 * so the suite can be tried at another hour, weekday or month end. The database's own
 * now() is not shifted.
 */
function shiftMs(): number {
  const raw = process.env.TEST_CLOCK_SHIFT_HOURS?.trim();
  if (!raw) return 0;
  const hours = Number(raw);
  if (!Number.isFinite(hours)) throw new Error(`TEST_CLOCK_SHIFT_HOURS is not a number of hours: ${raw}`);
  return Math.round(hours * 3_600_000);
}

/** Real now, moved by TEST_CLOCK_SHIFT_HOURS when it is set. */
export const shiftedNow = (): Date => new Date(Date.now() + shiftMs());

/** A clock the test moves by hand, so expiry and rotation are tested without waiting. */
export class TestClock implements Clock {
  private at: number;

  constructor(start: Date = shiftedNow()) {
    this.at = start.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at += ms;
  }

  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }
}
