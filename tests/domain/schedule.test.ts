import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPreset,
  applyWeekendOption,
  DAYS,
  daysOf,
  emptyWeek,
  fromApi,
  isScheduledAt,
  isScheduledAtApi,
  minimumHours,
  parseEntry,
  PRESET_24H,
  PRESET_CLEAR,
  presetOf,
  presetsFor,
  scheduledHours,
  scheduleError,
  SLOTS_PER_DAY,
  toApi,
  WEEKEND_OPTION_LABELS,
  WEEKEND_OPTIONS,
  weekendOptionOf,
  weekendsEnabled,
  type WeekendOption,
} from '../../src/domain/orders/schedule';
import { SCHEDULE_DESIGNED_MSG, SCHEDULE_MSG, minHoursMessage } from '../../src/domain/orders/schedule-messages';

const base = { isAdmin: false, isPro: false, isCall: false, isCld: false };
const nineToFive = applyPreset(presetsFor(base).find((p) => p.id === '9-17')!, 'none');
const arbWeek = fc.array(fc.array(fc.boolean(), { minLength: SLOTS_PER_DAY, maxLength: SLOTS_PER_DAY }), { minLength: 7, maxLength: 7 });

describe('presets', () => {
  it('every user gets 24 hours and 7, 8 or 9 am to 5, 6 or 7 pm', () => {
    expect(presetsFor(base).map((p) => p.label)).toEqual([
      '24 Hours',
      '7am - 5pm', '7am - 6pm', '7am - 7pm',
      '8am - 5pm', '8am - 6pm', '8am - 7pm',
      '9am - 5pm', '9am - 6pm', '9am - 7pm',
    ]);
  });
  it('admins also get 10 am to 6, 7 or 8 pm; call or pro users get clear', () => {
    const admin = presetsFor({ ...base, isAdmin: true }).map((p) => p.id);
    expect(admin.slice(-3)).toEqual(['10-18', '10-19', '10-20']);
    expect(admin).not.toContain('clear');
    expect(presetsFor({ ...base, isCall: true }).at(-1)).toBe(PRESET_CLEAR);
    expect(presetsFor({ ...base, isPro: true }).at(-1)).toBe(PRESET_CLEAR);
    expect(presetsFor({ ...base, isAdmin: true, isPro: true }).map((p) => p.id).slice(-4)).toEqual(['10-18', '10-19', '10-20', 'clear']);
  });
  it('9 to 5 without weekends is 8 hours on each weekday: 36 to 67 on, nothing at weekends', () => {
    expect(scheduledHours(nineToFive)).toBe(40);
    for (let d = 0; d < 5; d++) {
      expect(nineToFive[d][35]).toBe(false);
      expect(nineToFive[d][36]).toBe(true);
      expect(nineToFive[d][67]).toBe(true);
      expect(nineToFive[d][68]).toBe(false);
    }
    expect(nineToFive[5].some(Boolean) || nineToFive[6].some(Boolean)).toBe(false);
    expect(presetOf(nineToFive, presetsFor(base))?.id).toBe('9-17');
  });
  it('24 hours with Sat & Sun is the whole week; clear empties it', () => {
    expect(scheduledHours(applyPreset(PRESET_24H, 'sat_sun'))).toBe(168);
    expect(scheduledHours(applyPreset(PRESET_CLEAR, 'sat_sun'))).toBe(0);
    expect(presetOf(emptyWeek(), presetsFor({ ...base, isPro: true }))).toBeUndefined();
  });
});

describe('weekend options', () => {
  it('has the five options in the specification order, each naming its days', () => {
    expect(WEEKEND_OPTIONS.map((o) => WEEKEND_OPTION_LABELS[o])).toEqual(['No weekends', 'Sat & Sun', 'Sat', 'Sun', 'Weekends Only']);
    expect(daysOf('none')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
    expect(daysOf('sat_sun')).toEqual(DAYS);
    expect(daysOf('sat')).toContain('sat');
    expect(daysOf('sat')).not.toContain('sun');
    expect(daysOf('sun')).not.toContain('sat');
    expect(daysOf('weekends_only')).toEqual(['sat', 'sun']);
  });
  it('bringing in the weekend copies the weekday hours; leaving days out clears them', () => {
    const withWeekend = applyWeekendOption(nineToFive, 'sat_sun');
    expect(withWeekend[5]).toEqual(nineToFive[0]);
    expect(withWeekend[6]).toEqual(nineToFive[0]);
    expect(weekendOptionOf(withWeekend)).toBe('sat_sun');
    expect(weekendsEnabled(withWeekend)).toBe(true);
    const only = applyWeekendOption(withWeekend, 'weekends_only');
    expect(scheduledHours(only)).toBe(16);
    expect(weekendOptionOf(only)).toBe('weekends_only');
    expect(weekendOptionOf(applyWeekendOption(nineToFive, 'sun'))).toBe('sun');
    expect(weekendOptionOf(applyWeekendOption(nineToFive, 'sat'))).toBe('sat');
    expect(weekendOptionOf(applyWeekendOption(withWeekend, 'none'))).toBe('none');
    expect(weekendsEnabled(nineToFive)).toBe(false);
    expect(applyWeekendOption(emptyWeek(), 'sat_sun')).toEqual(emptyWeek());
  });
  it('a day brought in keeps its own hours when it has some', () => {
    const w = emptyWeek();
    w[0][10] = true;
    w[5][50] = true;
    const out = applyWeekendOption(w, 'sat_sun');
    expect(out[5][50]).toBe(true);
    expect(out[5][10]).toBe(false);
    expect(out[6][10]).toBe(true);
  });
});

describe('minimum hours', () => {
  it('40 by default; 10 for calls; 10 for pro; 6 for a weekends-only cld order', () => {
    expect(minimumHours(base, 'none')).toBe(40);
    expect(minimumHours({ ...base, isCall: true }, 'none')).toBe(10);
    expect(minimumHours({ ...base, isPro: true }, 'sat_sun')).toBe(10);
    expect(minimumHours({ ...base, isCld: true }, 'weekends_only')).toBe(6);
    expect(minimumHours({ ...base, isCld: true }, 'none')).toBe(40);
    expect(minimumHours({ ...base, isCld: false }, 'weekends_only')).toBe(40);
    expect(minimumHours({ ...base, isCld: true, isCall: true }, 'weekends_only')).toBe(6);
  });
  it("says 'Must have at least N hours selected.' below the minimum, nothing at it", () => {
    expect(SCHEDULE_MSG.minHours).toBe('Must have at least {n} hours selected.');
    expect(scheduleError(nineToFive, base)).toBeNull();
    const short = nineToFive.map((d) => [...d]);
    short[0][36] = false; // 39.75 hours
    expect(scheduleError(short, base)).toBe('Must have at least 40 hours selected.');
    expect(scheduleError(short, { ...base, isPro: true })).toBeNull();
    expect(scheduleError(emptyWeek(), { ...base, isCall: true })).toBe(minHoursMessage(10));
    const weekend = applyPreset(presetsFor(base).find((p) => p.id === '9-17')!, 'weekends_only');
    expect(scheduleError(weekend, { ...base, isCld: true })).toBeNull();
    weekend[5].fill(false);
    weekend[6].fill(false);
    weekend[6][0] = true;
    expect(scheduleError(weekend, { ...base, isCld: true })).toBe('Must have at least 6 hours selected.');
  });
});

describe('the API form', () => {
  it('writes a whole hour as the hour and a partial one as hour + mask / 100', () => {
    const w = emptyWeek();
    for (let s = 36; s < 40; s++) w[0][s] = true; // 9:00-10:00
    w[0][40] = true; // 10:00-10:15 -> mask 1
    w[0][42] = w[0][43] = true; // 10:30-11:00 -> mask 12
    w[6][95] = true; // Sun 23:45 -> mask 8
    expect(toApi(w)).toEqual({ mon: [9, 10.13], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [23.08] });
    w[0][41] = false;
    w[0][40] = false;
    expect(toApi(w).mon).toEqual([9, 10.12]);
  });
  it('reads entries: integers are whole hours, .01 to .14 are quarters; anything else is refused', () => {
    expect(parseEntry(0)).toEqual({ hour: 0, mask: 15 });
    expect(parseEntry(23.14)).toEqual({ hour: 23, mask: 14 });
    expect(parseEntry(9.03)).toEqual({ hour: 9, mask: 3 });
    for (const bad of [-1, 24, 9.15, 9.5, 9.001, NaN, Infinity]) expect(parseEntry(bad)).toBeNull();
  });
  it('refuses a bad form with field errors', () => {
    expect(fromApi([])).toEqual({ ok: false, errors: [{ field: 'schedule', message: SCHEDULE_DESIGNED_MSG.badShape }] });
    expect(fromApi({ mon: [], funday: [] }).ok).toBe(false);
    expect(fromApi({ mon: [9, 9.03] })).toEqual({ ok: false, errors: [{ field: 'schedule.mon[1]', message: SCHEDULE_DESIGNED_MSG.duplicateHour }] });
    expect(fromApi({ tue: [1, '2'], wed: 'x' })).toEqual({
      ok: false,
      errors: [
        { field: 'schedule.tue[1]', message: SCHEDULE_DESIGNED_MSG.badHour },
        { field: 'schedule.wed', message: SCHEDULE_DESIGNED_MSG.badShape },
      ],
    });
    const missingDays = fromApi({ mon: [9] });
    expect(missingDays.ok && scheduledHours(missingDays.week)).toBe(1);
  });
  it('round trip: week -> API -> week is the identity (property)', () => {
    fc.assert(
      fc.property(arbWeek, (week) => {
        const back = fromApi(toApi(week));
        expect(back.ok && back.week).toEqual(week);
      }),
    );
  });
  it('round trip: a canonical API form -> week -> API is the identity (property)', () => {
    const arbDay = fc
      .uniqueArray(fc.integer({ min: 0, max: 23 }), { maxLength: 24 })
      .chain((hours) => fc.tuple(...hours.map((h) => fc.integer({ min: 1, max: 15 }).map((m) => (m === 15 ? h : Number((h + m / 100).toFixed(2)))))))
      .map((xs) => [...xs].sort((a, b) => a - b));
    const arbApi = fc.record(Object.fromEntries(DAYS.map((d) => [d, arbDay])) as Record<(typeof DAYS)[number], fc.Arbitrary<number[]>>);
    fc.assert(
      fc.property(arbApi, (api) => {
        const r = fromApi(api);
        expect(r.ok).toBe(true);
        if (r.ok) expect(toApi(r.week)).toEqual(api);
      }),
    );
  });
  it('the weekend option read back from a week is the one applied (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...WEEKEND_OPTIONS), fc.constantFrom(...presetsFor({ ...base, isAdmin: true }).map((p) => p.id)), (o: WeekendOption, id) => {
        const w = applyPreset(presetsFor({ ...base, isAdmin: true }).find((p) => p.id === id)!, o);
        expect(weekendOptionOf(w)).toBe(o);
      }),
    );
  });
});

describe('evaluation in the agent time zone', () => {
  it('Mon 9 to 5 in New York: 13:59 UTC is 9:59 in summer (on), 8:59 in winter (off)', () => {
    expect(isScheduledAt(nineToFive, new Date('2026-07-06T13:59:00Z'), 'America/New_York')).toBe(true);
    expect(isScheduledAt(nineToFive, new Date('2026-01-05T13:59:00Z'), 'America/New_York')).toBe(false);
    expect(isScheduledAt(nineToFive, new Date('2026-01-05T14:00:00Z'), 'America/New_York')).toBe(true);
    expect(isScheduledAt(nineToFive, new Date('2026-01-05T21:59:59Z'), 'America/New_York')).toBe(true);
    expect(isScheduledAt(nineToFive, new Date('2026-01-05T22:00:00Z'), 'America/New_York')).toBe(false);
  });
  it('the day is the agent day: Friday evening in Los Angeles is Saturday in UTC', () => {
    const w = emptyWeek();
    w[4][22 * 4] = true; // Fri 22:00-22:15
    expect(isScheduledAt(w, new Date('2026-01-10T06:05:00Z'), 'America/Los_Angeles')).toBe(true);
    expect(isScheduledAt(w, new Date('2026-01-10T06:05:00Z'), 'UTC')).toBe(false);
    expect(isScheduledAt(w, new Date('2026-01-09T22:05:00Z'), 'Not/AZone')).toBe(true); // unknown zone reads as UTC
  });
  it('the API form answers like the slots (property)', () => {
    fc.assert(
      fc.property(arbWeek, fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }), fc.constantFrom('UTC', 'America/Chicago', 'Asia/Kolkata', 'Pacific/Honolulu'), (week, t, z) => {
        expect(isScheduledAtApi(toApi(week), t, z)).toBe(isScheduledAt(week, t, z));
      }),
      { numRuns: 200 },
    );
  });
});
