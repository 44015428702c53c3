import { describe, expect, it } from 'vitest';
import { REGIONS, STATE_CODES, STATES, TIMEZONES, VERTICALS, ZIP_PATTERN } from '../../src/domain/lookups';

describe('states', () => {
  it('are the 50 states, DC, the three armed-forces codes, Puerto Rico and the Virgin Islands', () => {
    expect(STATES).toHaveLength(56);
    for (const code of ['DC', 'AE', 'AP', 'AA', 'PR', 'VI', 'AL', 'WY']) expect(STATE_CODES).toContain(code);
    expect(STATES.find((s) => s.code === 'DC')?.name).toBe('District of Columbia');
  });

  it('each has a two-letter code and a name, none twice', () => {
    for (const s of STATES) {
      expect(s.code).toMatch(/^[A-Z]{2}$/);
      expect(s.name).toMatch(/^[A-Z][A-Za-z ]+$/);
    }
    expect(new Set(STATE_CODES).size).toBe(STATES.length);
    expect(new Set(STATES.map((s) => s.name)).size).toBe(STATES.length);
    expect(STATE_CODES).toEqual(STATES.map((s) => s.code));
  });
});

describe('regions', () => {
  it('are 14, numbered 1 to 14, each named', () => {
    expect(REGIONS.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    for (const r of REGIONS) expect(r.name.trim()).not.toBe('');
    expect(new Set(REGIONS.map((r) => r.name)).size).toBe(14);
  });

  it('share out every state code exactly once', () => {
    const mapped = REGIONS.flatMap((r) => r.states);
    expect([...mapped].sort()).toEqual([...STATE_CODES].sort());
  });
});

describe('time zones and verticals', () => {
  it('offers 7 distinct IANA time zones that the runtime knows', () => {
    expect(new Set(TIMEZONES).size).toBe(7);
    for (const zone of TIMEZONES) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    expect(TIMEZONES[0]).toBe('America/New_York');
  });

  it('has the auto and home insurance verticals', () => {
    expect(VERTICALS).toEqual(['autoins', 'homeins']);
  });
});

describe('zip codes', () => {
  it.each(['78701', '78701-1234'])('accepts %s', (zip) => expect(ZIP_PATTERN.test(zip)).toBe(true));
  it.each(['7870', '787012', 'a78701', '78701a', '78701-123', '78701-12345', '78701 1234', '78701-', ''])(
    'refuses %j',
    (zip) => expect(ZIP_PATTERN.test(zip)).toBe(false),
  );
});
