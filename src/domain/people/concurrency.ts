import { PEOPLE_DESIGNED_MSG } from './messages';
import type { FieldError } from '../field-error';

/**
 * The concurrency schedule of a company (document 000 sections 3 and 9): per day, Sunday
 * to Saturday, 48 half-hour slots, each a number of concurrent live calls from 1 to 50 or
 * empty (null: no limit set for that half hour).
 */
export const WEEK_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export const SLOTS_PER_DAY = 48;
export const SLOT_MINUTES = 30;
export const CONCURRENCY_MIN = 1;
export const CONCURRENCY_MAX = 50;

export type ConcurrencySchedule = Record<WeekDay, Array<number | null>>;

export const emptyConcurrency = (): ConcurrencySchedule =>
  Object.fromEntries(WEEK_DAYS.map((d) => [d, Array<number | null>(SLOTS_PER_DAY).fill(null)])) as ConcurrencySchedule;

export const concurrencyValueOk = (v: unknown): boolean =>
  v === null || (Number.isInteger(v) && (v as number) >= CONCURRENCY_MIN && (v as number) <= CONCURRENCY_MAX);

/** Field errors of a schedule (a field per day); empty when it may be saved. */
export function concurrencyErrors(s: Partial<Record<string, unknown>>): FieldError[] {
  const errors: FieldError[] = [];
  for (const day of WEEK_DAYS) {
    const slots = s[day];
    if (!Array.isArray(slots) || slots.length !== SLOTS_PER_DAY) errors.push({ field: day, message: PEOPLE_DESIGNED_MSG.concurrencyShape });
    else if (!slots.every(concurrencyValueOk)) errors.push({ field: day, message: PEOPLE_DESIGNED_MSG.concurrencyRange });
  }
  return errors;
}

/** The slot of a time of day: 0 for 00:00–00:29 … 47 for 23:30–23:59. */
export const slotOf = (hour: number, minute: number): number => hour * 2 + (minute >= SLOT_MINUTES ? 1 : 0);

/** "09:30" for slot 19. */
export const slotLabel = (slot: number): string =>
  `${String(Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`;

/**
 * The limit in force at a day and time of day in the company's schedule (what the
 * matching engine asks): null when that half hour has none.
 */
export const concurrencyAt = (s: ConcurrencySchedule, day: WeekDay, hour: number, minute: number): number | null =>
  s[day][slotOf(hour, minute)] ?? null;

/** The hourly lead cap (designed: the specification names no bounds); null is no cap. */
export const LEAD_CAP_MIN = 1;
export const LEAD_CAP_MAX = 1000;
export const leadCapError = (v: number | null): string | null =>
  v === null || (Number.isInteger(v) && v >= LEAD_CAP_MIN && v <= LEAD_CAP_MAX) ? null : PEOPLE_DESIGNED_MSG.leadCapRange;
