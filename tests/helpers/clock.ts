import type { Clock } from '../../src/domain/clock';

/** A clock the test moves by hand, so expiry and rotation are tested without waiting. */
export class TestClock implements Clock {
  private at: number;

  constructor(start: Date = new Date()) {
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
