import { describe, expect, it } from 'vitest';
import { clockFrom, followingClock } from '../../src/domain/clock';
import { TestClock } from '../helpers/clock';

describe('clockFrom', () => {
  it('reads its start now and runs on with its base, and moves forward on demand', () => {
    const base = new TestClock(new Date('2030-01-01T00:00:00Z'));
    const clock = clockFrom(new Date('2026-04-14T15:30:00Z'), base);
    expect(clock.now().toISOString()).toBe('2026-04-14T15:30:00.000Z');
    base.advanceSeconds(90);
    expect(clock.now().toISOString()).toBe('2026-04-14T15:31:30.000Z');
    clock.advance(6 * 60_000);
    expect(clock.now().toISOString()).toBe('2026-04-14T15:37:30.000Z');
  });
});

describe('followingClock', () => {
  it('is its base until the server tells its time, then runs on from the server time', () => {
    const base = new TestClock(new Date('2030-01-01T00:00:00Z'));
    const clock = followingClock(base);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    clock.follow(Date.parse('2026-04-14T15:30:00Z'));
    expect(clock.now().toISOString()).toBe('2026-04-14T15:30:00.000Z');
    base.advanceSeconds(10);
    expect(clock.now().toISOString()).toBe('2026-04-14T15:30:10.000Z');
  });

  it('ignores a time that is not one', () => {
    const base = new TestClock(new Date('2030-01-01T00:00:00Z'));
    const clock = followingClock(base);
    for (const bad of [Number.NaN, 0, -5, Number.POSITIVE_INFINITY]) clock.follow(bad);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });
});
