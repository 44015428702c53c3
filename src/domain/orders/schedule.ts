/**
 * The weekly schedule of an order (document 001 sections 3, 5, 6 and 9): seven days, Mon to
 * Sun, of 96 quarter-hour slots each, in the agent's time zone. One place for the presets,
 * the weekend options, the minimum hours, the API form and "is it on now".
 */
import { minHoursMessage, SCHEDULE_DESIGNED_MSG } from './schedule-messages';
import { wallClockIn } from '../time/zone';
import type { FieldError } from '../field-error';

export const SLOTS_PER_HOUR = 4;
export const SLOTS_PER_DAY = 24 * SLOTS_PER_HOUR; // 96
export const SLOT_MINUTES = 15;

export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Day = (typeof DAYS)[number];
export const DAY_LABELS: Record<Day, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
const WEEKDAYS: readonly Day[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

/** The schedule as slots: [day 0..6 = Mon..Sun][slot 0..95], true when on. */
export type WeekSlots = readonly (readonly boolean[])[];

export const emptyWeek = (): boolean[][] => DAYS.map(() => Array<boolean>(SLOTS_PER_DAY).fill(false));

// ---------------------------------------------------------------------------------------
// Weekend options

export const WEEKEND_OPTIONS = ['none', 'sat_sun', 'sat', 'sun', 'weekends_only'] as const;
export type WeekendOption = (typeof WEEKEND_OPTIONS)[number];
export const WEEKEND_OPTION_LABELS: Record<WeekendOption, string> = {
  none: 'No weekends',
  sat_sun: 'Sat & Sun',
  sat: 'Sat',
  sun: 'Sun',
  weekends_only: 'Weekends Only',
};

/** The days a weekend option schedules. */
export function daysOf(option: WeekendOption): readonly Day[] {
  switch (option) {
    case 'none':
      return WEEKDAYS;
    case 'sat_sun':
      return DAYS;
    case 'sat':
      return [...WEEKDAYS, 'sat'];
    case 'sun':
      return [...WEEKDAYS, 'sun'];
    case 'weekends_only':
      return ['sat', 'sun'];
  }
}

const dayHasSlots = (week: WeekSlots, d: number) => week[d].some(Boolean);

/** The weekend option a week shows (an empty week reads as 'No weekends'). */
export function weekendOptionOf(week: WeekSlots): WeekendOption {
  const sat = dayHasSlots(week, 5);
  const sun = dayHasSlots(week, 6);
  const weekdays = [0, 1, 2, 3, 4].some((d) => dayHasSlots(week, d));
  if (!weekdays && (sat || sun)) return 'weekends_only';
  if (sat && sun) return 'sat_sun';
  if (sat) return 'sat';
  if (sun) return 'sun';
  return 'none';
}

/** Does the order take leads at weekends (the order's weekendsEnabled)? */
export const weekendsEnabled = (week: WeekSlots): boolean => dayHasSlots(week, 5) || dayHasSlots(week, 6);

/**
 * Choose a weekend option: the days it leaves out are cleared; a day it brings in that has
 * no hours gets the hours of the first scheduled day (weekdays first), so "Sat & Sun" after
 * painting Mon–Fri 9 to 5 gives the weekend 9 to 5 too; days that have hours keep them.
 */
export function applyWeekendOption(week: WeekSlots, option: WeekendOption): boolean[][] {
  const keep = new Set(daysOf(option));
  const order = [0, 1, 2, 3, 4, 5, 6];
  const template = order.find((d) => dayHasSlots(week, d));
  return DAYS.map((day, d) => {
    if (!keep.has(day)) return Array<boolean>(SLOTS_PER_DAY).fill(false);
    if (dayHasSlots(week, d) || template === undefined) return [...week[d]];
    return [...week[template]];
  });
}

// ---------------------------------------------------------------------------------------
// Presets

export interface SchedulePreset {
  id: string;
  label: string;
  /** Start and end hour (end exclusive); null for the clear preset. */
  hours: readonly [number, number] | null;
}

const range = (from: number, to: number): SchedulePreset => {
  const h = (n: number) => `${n % 12 === 0 ? 12 : n % 12}${n < 12 ? 'am' : 'pm'}`;
  return { id: `${from}-${to}`, label: `${h(from)} - ${h(to)}`, hours: [from, to] };
};

export const PRESET_24H: SchedulePreset = { id: '24h', label: '24 Hours', hours: [0, 24] };
export const PRESET_CLEAR: SchedulePreset = { id: 'clear', label: 'Clear', hours: null };
/** 7, 8 or 9 am to 5, 6 or 7 pm. */
export const STANDARD_PRESETS: readonly SchedulePreset[] = [7, 8, 9].flatMap((s) => [17, 18, 19].map((e) => range(s, e)));
/** Admin extras: 10 am to 6, 7 or 8 pm. */
export const ADMIN_PRESETS: readonly SchedulePreset[] = [18, 19, 20].map((e) => range(10, e));

export interface ScheduleContext {
  isAdmin: boolean;
  isPro: boolean;
  /** A call order (product calls). */
  isCall: boolean;
  /** A cld (growth) order. */
  isCld: boolean;
}

/** The presets a user gets (document 001 section 6): admin extras for admins, clear for call or pro users. */
export function presetsFor(c: Pick<ScheduleContext, 'isAdmin' | 'isPro' | 'isCall'>): SchedulePreset[] {
  return [
    PRESET_24H,
    ...STANDARD_PRESETS,
    ...(c.isAdmin ? ADMIN_PRESETS : []),
    ...(c.isCall || c.isPro ? [PRESET_CLEAR] : []),
  ];
}

/** The days of the weekend option get the preset's hours; every other day is cleared. */
export function applyPreset(preset: SchedulePreset, option: WeekendOption): boolean[][] {
  const keep = new Set(daysOf(option));
  return DAYS.map((day) =>
    Array.from({ length: SLOTS_PER_DAY }, (_, s) =>
      preset.hours !== null && keep.has(day) && s >= preset.hours[0] * SLOTS_PER_HOUR && s < preset.hours[1] * SLOTS_PER_HOUR,
    ),
  );
}

/** The preset a week is exactly (for the chosen weekend option), if any. */
export function presetOf(week: WeekSlots, presets: readonly SchedulePreset[]): SchedulePreset | undefined {
  const option = weekendOptionOf(week);
  return presets.find((p) => p.hours !== null && sameWeek(applyPreset(p, option), week));
}

export const sameWeek = (a: WeekSlots, b: WeekSlots): boolean => a.every((day, d) => day.every((on, s) => on === b[d][s]));

// ---------------------------------------------------------------------------------------
// Minimum hours

export const MIN_HOURS = { default: 40, call: 10, pro: 10, weekendsOnlyCld: 6 } as const;

/** Hours a week holds (quarters count as 0.25). */
export const scheduledHours = (week: WeekSlots): number => week.reduce((n, day) => n + day.filter(Boolean).length, 0) / SLOTS_PER_HOUR;

/** The least hours an order needs: 40; 10 for calls; 10 for pro users; 6 for a weekends-only cld order (the smallest that applies). */
export function minimumHours(c: Pick<ScheduleContext, 'isPro' | 'isCall' | 'isCld'>, option: WeekendOption): number {
  const applicable: number[] = [MIN_HOURS.default];
  if (c.isCall) applicable.push(MIN_HOURS.call);
  if (c.isPro) applicable.push(MIN_HOURS.pro);
  if (c.isCld && option === 'weekends_only') applicable.push(MIN_HOURS.weekendsOnlyCld);
  return Math.min(...applicable);
}

/** null when the week has enough hours, else 'Must have at least N hours selected.' */
export function scheduleError(week: WeekSlots, c: Pick<ScheduleContext, 'isPro' | 'isCall' | 'isCld'>): string | null {
  const min = minimumHours(c, weekendOptionOf(week));
  return scheduledHours(week) >= min ? null : minHoursMessage(min);
}

// ---------------------------------------------------------------------------------------
// The API form: per day, a list of hours; an hour with every quarter on is the integer,
// one with some quarters on is hour + mask / 100, the mask's bit 0 (1) being :00-:15 and
// bit 3 (8) :45-:60 (9.03 = 9:00 to 9:30; 9.12 = 9:30 to 10:00). Sorted, each hour once.

export type ScheduleApi = Record<Day, number[]>;
const FULL_MASK = 0b1111;

/** The API form of a week. */
export function toApi(week: WeekSlots): ScheduleApi {
  const out = {} as ScheduleApi;
  DAYS.forEach((day, d) => {
    out[day] = [];
    for (let h = 0; h < 24; h++) {
      let mask = 0;
      for (let q = 0; q < SLOTS_PER_HOUR; q++) if (week[d][h * SLOTS_PER_HOUR + q]) mask |= 1 << q;
      if (mask === FULL_MASK) out[day].push(h);
      else if (mask) out[day].push(Number((h + mask / 100).toFixed(2)));
    }
  });
  return out;
}

export type { FieldError };

/** An API entry as hour and mask, or null when it is not one. */
export function parseEntry(x: number): { hour: number; mask: number } | null {
  if (!Number.isFinite(x) || x < 0) return null;
  const hour = Math.floor(x);
  const hundredths = Math.round((x - hour) * 100);
  if (hour > 23 || Math.abs(x - (hour + hundredths / 100)) > 1e-9) return null;
  if (hundredths === 0) return { hour, mask: FULL_MASK };
  return hundredths < FULL_MASK ? { hour, mask: hundredths } : null;
}

/** The week of an API form, or the field errors that refuse it (field names like schedule.mon[2]). */
export function fromApi(api: unknown, field = 'schedule'): { ok: true; week: boolean[][] } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const week = emptyWeek();
  if (typeof api !== 'object' || api === null || Array.isArray(api) || Object.keys(api).some((k) => !(DAYS as readonly string[]).includes(k)))
    return { ok: false, errors: [{ field, message: SCHEDULE_DESIGNED_MSG.badShape }] };
  const rec = api as Record<string, unknown>;
  DAYS.forEach((day, d) => {
    const list = rec[day] ?? [];
    if (!Array.isArray(list) || list.length > 24) {
      errors.push({ field: `${field}.${day}`, message: SCHEDULE_DESIGNED_MSG.badShape });
      return;
    }
    const seen = new Set<number>();
    list.forEach((x, i) => {
      const e = typeof x === 'number' ? parseEntry(x) : null;
      if (!e) {
        errors.push({ field: `${field}.${day}[${i}]`, message: SCHEDULE_DESIGNED_MSG.badHour });
        return;
      }
      if (seen.has(e.hour)) {
        errors.push({ field: `${field}.${day}[${i}]`, message: SCHEDULE_DESIGNED_MSG.duplicateHour });
        return;
      }
      seen.add(e.hour);
      for (let q = 0; q < SLOTS_PER_HOUR; q++) if (e.mask & (1 << q)) week[d][e.hour * SLOTS_PER_HOUR + q] = true;
    });
  });
  return errors.length ? { ok: false, errors } : { ok: true, week };
}

// ---------------------------------------------------------------------------------------
// Evaluation: is the order on at an instant, in the agent's time zone?

/** The day (0 = Mon) and slot (0..95) an instant falls in, in a time zone (an unknown zone reads as UTC). */
export function slotAt(instant: Date, timeZone: string): { day: number; slot: number } {
  const { weekday, hour, minute } = wallClockIn(instant, timeZone);
  return { day: (weekday + 6) % 7, slot: hour * SLOTS_PER_HOUR + Math.floor(minute / SLOT_MINUTES) };
}

/** Is the schedule on at this instant, read in the agent's time zone? */
export function isScheduledAt(week: WeekSlots, instant: Date, timeZone: string): boolean {
  const { day, slot } = slotAt(instant, timeZone);
  return week[day][slot];
}

/** The same, straight from the API form (what the engine stores). */
export function isScheduledAtApi(api: ScheduleApi, instant: Date, timeZone: string): boolean {
  return isScheduledInSlot(api, slotAt(instant, timeZone));
}

/** The same for a day and slot worked out already (the engine reads many orders of few zones at one instant). */
export function isScheduledInSlot(api: Partial<ScheduleApi>, { day, slot }: { day: number; slot: number }): boolean {
  return slotMaskOf(api)[day * SLOTS_PER_DAY + slot] === 1;
}

/** Each schedule object's week as one byte per slot, made on first use: the engine asks hundreds of orders per lead. */
const masks = new WeakMap<object, Uint8Array>();

function slotMaskOf(api: Partial<ScheduleApi>): Uint8Array {
  let mask = masks.get(api);
  if (mask) return mask;
  mask = new Uint8Array(7 * SLOTS_PER_DAY);
  DAYS.forEach((d, day) => {
    const seen = new Set<number>();
    for (const x of api[d] ?? []) {
      const e = parseEntry(x);
      // The first entry of an hour decides it (as a search of the day's list would).
      if (!e || seen.has(e.hour)) continue;
      seen.add(e.hour);
      for (let q = 0; q < SLOTS_PER_HOUR; q++) if (e.mask & (1 << q)) mask[day * SLOTS_PER_DAY + e.hour * SLOTS_PER_HOUR + q] = 1;
    }
  });
  masks.set(api, mask);
  return mask;
}

export { minHoursMessage };
